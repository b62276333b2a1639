// The client half of `ariaref <command>`: sends the command line to this user's daemon over its
// socket and prints the answer. It imports neither Playwright nor the tool layer, so a warm
// command costs little more than starting Node. No daemon yet (or a dead one): it starts one,
// detached, and waits for its socket to answer.
import { spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { daemonBuild, daemonPaths, ensurePrivateDir, readState, type CliReply, type CliRequest, type DaemonPaths } from './paths.js';

const START_LIMIT_MS = 20_000;

function connect(socketPath: string): Promise<Socket | undefined> {
  return new Promise(done => {
    const socket = createConnection(socketPath);
    socket.once('connect', () => { socket.removeAllListeners('error'); done(socket); });
    socket.once('error', () => done(undefined));
  });
}

function alive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch (error) { return (error as NodeJS.ErrnoException).code === 'EPERM'; }
}

async function startDaemon(paths: DaemonPaths, idleMs: string | undefined): Promise<Socket> {
  ensurePrivateDir(paths.dir);
  const log = openSync(paths.log, 'a', 0o600);
  const script = fileURLToPath(new URL('./daemon/main.js', import.meta.url));
  const child = spawn(process.execPath, [script], {
    detached: true,
    stdio: ['ignore', log, log],
    cwd: paths.dir,
    env: { ...process.env, ...(idleMs !== undefined ? { ARIAREF_DAEMON_IDLE_MS: idleMs } : {}) },
  });
  let exited: number | null | undefined;
  child.once('exit', code => { exited = code; });
  child.unref();
  const deadline = Date.now() + START_LIMIT_MS;
  for (;;) {
    const socket = await connect(paths.socket);
    if (socket) return socket;
    // Exit code 0: another client's daemon won the race; keep connecting to that one.
    if (exited !== undefined && exited !== 0) throw new Error(`the ariaref daemon did not start (exit code ${exited}): ${lastLine(paths.log)}. See ${paths.log}.`);
    if (Date.now() > deadline) throw new Error(`the ariaref daemon did not answer within ${START_LIMIT_MS / 1000} s. See ${paths.log}, or run "ariaref stop" and try again.`);
    await new Promise(done => setTimeout(done, 15));
  }
}

function lastLine(file: string): string {
  try { return readFileSync(file, 'utf8').trim().split('\n').pop() ?? ''; } catch { return ''; }
}

/** The caller's options that the daemon reads at `open`: ARIAREF_* and PLAYWRIGHT_MCP_*. */
function optionEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => /^(ARIAREF_|PLAYWRIGHT_MCP_)/.test(e[0]) && e[1] !== undefined));
}

function exchange(socket: Socket, request: CliRequest): Promise<CliReply | undefined> {
  return new Promise(done => {
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('data', chunk => { buffer += chunk; });
    socket.on('error', () => {});
    socket.on('close', () => {
      const line = buffer.split('\n')[0];
      try { done(line ? JSON.parse(line) as CliReply : undefined); } catch { done(undefined); }
    });
    socket.write(`${JSON.stringify(request)}\n`);
  });
}

/** Runs one command through the daemon; returns what to print and the exit code. */
export async function runClient(argv: string[], session: string, json: boolean): Promise<CliReply> {
  const paths = daemonPaths();
  const command = argv[0];
  let socket = await connect(paths.socket);
  if (!socket) {
    const state = readState(paths.state);
    if (command === 'stop' || command === 'sessions') {
      const text = command === 'stop' ? 'No ariaref daemon is running.' : 'No sessions: no ariaref daemon is running. Start one with "ariaref open <url>".';
      return { stdout: json ? `${JSON.stringify({ ok: true, result: text, sessions: [] })}\n` : `${text}\n`, stderr: '', code: 0 };
    }
    // A live pid with no socket: a daemon still starting (another client's), or one wedged.
    if (state && !state.ended && alive(state.pid)) socket = await waitFor(paths);
    socket ??= await startDaemon(paths, idleFlag(argv));
  }
  const reply = await exchange(socket, { argv, cwd: process.cwd(), session, json, env: optionEnv(), build: daemonBuild() });
  if (reply) return reply;
  return {
    stdout: '',
    stderr: `The ariaref daemon stopped while running "${argv.join(' ')}" (it crashed or was killed), and session "${session}" was lost. Run "ariaref open <url>" to start again; ${paths.log} may say why.\n`,
    code: 1,
  };
}

async function waitFor(paths: DaemonPaths): Promise<Socket | undefined> {
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline) {
    const socket = await connect(paths.socket);
    if (socket) return socket;
    await new Promise(done => setTimeout(done, 25));
  }
  return undefined;
}

function idleFlag(argv: string[]): string | undefined {
  const at = argv.findIndex(a => a === '--idle-timeout' || a.startsWith('--idle-timeout='));
  if (at < 0) return process.env.ARIAREF_IDLE_TIMEOUT;
  return argv[at]!.includes('=') ? argv[at]!.split('=')[1] : argv[at + 1];
}
