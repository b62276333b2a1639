// The built `ariaref` binary run as a shell user runs it, against a daemon of its own: every
// suite gets a private socket directory (ARIAREF_SOCKET_DIR), so no test ever reaches the
// user's real daemon, and stops that daemon when it ends.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../mcp/helpers.js';

export const binary = join(repoRoot, 'dist', 'driver', 'cli', 'main.js');

export interface Run { code: number | null; stdout: string; stderr: string }

export interface Shell {
  /** The private socket directory of this suite's daemon. */
  dir: string;
  /** A folder to run commands in (files the commands write land here). */
  cwd: string;
  run(...args: string[]): Promise<Run>;
  /** Starts a command without waiting for it: the test may kill it (a shell user's Ctrl-C, an agent's timeout). */
  start(...args: string[]): ChildProcess;
  /** The daemon's pid, from its state file. */
  daemonPid(): number | undefined;
  /** Stops the daemon (by its pid if it does not answer) and removes the folders. */
  cleanup(): Promise<void>;
}

export function alive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch { return false; }
}

/** Resolves when the process is gone; fails after `limitMs` (a bound, not a sync point). */
export async function exited(pid: number, limitMs = 30_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (alive(pid)) {
    if (Date.now() > deadline) throw new Error(`process ${pid} still runs after ${limitMs} ms`);
    await new Promise(done => setTimeout(done, 50));
  }
}

export function shell(env: Record<string, string> = {}): Shell {
  // Short paths: a Unix socket path must stay under ~100 bytes.
  const dir = mkdtempSync(join(tmpdir(), 'arc-'));
  const cwd = mkdtempSync(join(tmpdir(), 'arw-'));
  // A short idle time: a daemon left behind by an interrupted run goes away on its own.
  const fullEnv: Record<string, string | undefined> = { ...process.env, ARIAREF_BROWSER: process.env.ARIAREF_BROWSER ?? '/usr/bin/chromium', ARIAREF_IDLE_TIMEOUT: '120000', ...env, ARIAREF_SOCKET_DIR: dir };
  delete fullEnv.ARIAREF_SESSION;
  const daemonPid = () => {
    try { return (JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as { pid: number }).pid; } catch { return undefined; }
  };
  return {
    dir,
    cwd,
    daemonPid,
    start: (...args) => spawn(process.execPath, [binary, ...args], { cwd, env: fullEnv, stdio: 'ignore' }),
    run: (...args) => new Promise(resolve => {
      const child = spawn(process.execPath, [binary, ...args], { cwd, env: fullEnv });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', chunk => { stdout += chunk; });
      child.stderr.on('data', chunk => { stderr += chunk; });
      child.on('close', code => resolve({ code, stdout, stderr }));
    }),
    async cleanup() {
      const pid = daemonPid();
      if (pid && alive(pid)) {
        await this.run('stop');
        await exited(pid, 15_000).catch(() => { try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ } });
      }
      if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
      rmSync(cwd, { recursive: true, force: true });
    },
  };
}
