// Where the daemon of this user lives: a private directory (mode 0700, owned by us) holding the
// Unix socket, the state file and the daemon's log. Never a TCP port, so no other local user and
// no web page can reach someone's browser. Light on purpose: the client imports it on every call.
import { chmodSync, lstatSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { packageVersion } from '../version.js';

/** Overrides the directory (tests use a private one so they never meet the user's daemon). */
export const SOCKET_DIR_ENV = 'ARIAREF_SOCKET_DIR';

export interface DaemonPaths { dir: string; socket: string; state: string; log: string }

function uid(): string {
  try { return String(process.getuid?.() ?? userInfo().username); } catch { return 'user'; }
}

export function daemonPaths(env: NodeJS.ProcessEnv = process.env): DaemonPaths {
  const dir = env[SOCKET_DIR_ENV] || (env.XDG_RUNTIME_DIR ? join(env.XDG_RUNTIME_DIR, 'ariaref') : join(tmpdir(), `ariaref-${uid()}`));
  const socket = process.platform === 'win32' ? `\\\\.\\pipe\\ariaref-${dir.replace(/[^\w-]/g, '_')}` : join(dir, 'daemon.sock');
  return { dir, socket, state: join(dir, 'state.json'), log: join(dir, 'daemon.log') };
}

/** Creates the directory if needed and refuses one that another user could enter. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform === 'win32') return;
  const stat = lstatSync(dir);
  if (!stat.isDirectory()) throw new Error(`${dir} is not a directory. Remove it, or set ${SOCKET_DIR_ENV} to another folder.`);
  if (process.getuid && stat.uid !== process.getuid()) throw new Error(`${dir} belongs to another user, so its socket could be theirs. Set ${SOCKET_DIR_ENV} to a folder of your own.`);
  if ((stat.mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

/** What the daemon last wrote about itself: its pid, its sessions, and sessions that ended (name → why). */
export interface DaemonState { pid: number; sessions: string[]; gone: Record<string, string>; ended?: 'idle' | 'stopped' }

export function readState(path: string): DaemonState | undefined {
  try {
    const state = JSON.parse(readFileSync(path, 'utf8')) as DaemonState;
    return typeof state?.pid === 'number' ? state : undefined;
  } catch {
    return undefined;
  }
}

/** The wire format: one JSON request line from the client, one JSON reply line from the daemon. */
/** `build`: the client's package version, so an old daemon never serves a newer client unnoticed. */
export interface CliRequest { argv: string[]; cwd: string; session: string; json: boolean; env?: Record<string, string>; build?: string }
/** `toolMs`: the tool's own work, so a benchmark can tell the command's overhead from it. */
export interface CliReply { stdout: string; stderr: string; code: number; toolMs?: number }

/** What a daemon must match to serve this client: the package version (an upgraded ariaref gets a new daemon). */
export function daemonBuild(): string {
  return packageVersion();
}
