// The background process behind `ariaref <command>`: started detached by the first command, it
// serves every session of this user over a Unix socket in a private directory (paths.ts), and
// exits after an idle time, on `ariaref stop` or on a signal. What it knew of its sessions is in
// the state file, so a daemon started after one that died can tell that the sessions were lost.
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { daemonBuild, daemonPaths, ensurePrivateDir, readState, type CliReply, type CliRequest, type DaemonState } from '../paths.js';
import { DEFAULT_IDLE_MS, LOST, Sessions } from './sessions.js';
import { keepRunningOnStrayErrors } from '../../index.js';

const MAX_REQUEST_BYTES = 4 * 1024 * 1024;
const paths = daemonPaths();
const build = daemonBuild();
const idleMs = (() => {
  const value = Number(process.env.ARIAREF_DAEMON_IDLE_MS);
  return Number.isFinite(value) && value >= 0 && process.env.ARIAREF_DAEMON_IDLE_MS ? value : DEFAULT_IDLE_MS;
})();

let ended: DaemonState['ended'];
const sessions = new Sessions(() => writeState(), why => void shutdown(why));

function writeState(): void {
  const state: DaemonState = { pid: process.pid, sessions: sessions.names(), gone: Object.fromEntries(sessions.gone), ...(ended ? { ended } : {}) };
  try {
    writeFileSync(`${paths.state}.tmp`, JSON.stringify(state), { mode: 0o600 });
    renameSync(`${paths.state}.tmp`, paths.state);
  } catch (error) {
    log(`could not write ${paths.state}: ${(error as Error).message}`);
  }
}

function log(message: string): void {
  process.stderr.write(`${new Date().toISOString()} ${message}\n`);
}

let idle: NodeJS.Timeout | undefined;
let active = 0;
function armIdle(): void {
  clearTimeout(idle);
  // Sessions time out on their own; the daemon waits only when it has none.
  if (active || sessions.size || !idleMs) return;
  idle = setTimeout(() => void shutdown('idle'), idleMs);
}

let stopping: Promise<void> | undefined;
function shutdown(why: 'idle' | 'stopped'): Promise<void> {
  return stopping ??= (async () => {
    clearTimeout(idle);
    server.close();
    // A command stuck on a hostile page must not keep the daemon alive.
    setTimeout(() => process.exit(0), 15_000).unref();
    // After "ariaref stop" nothing was lost by surprise: no note next time.
    await sessions.closeAll(why === 'idle' ? 'was closed when the ariaref daemon stopped after its idle time' : undefined);
    ended = why;
    writeState();
    if (process.platform !== 'win32') rmSync(paths.socket, { force: true });
    log(`daemon ${process.pid} exits (${why})`);
    process.exit(0);
  })();
}

function readRequest(socket: Socket): Promise<CliRequest | undefined> {
  return new Promise((done, fail) => {
    let buffer = '';
    socket.setEncoding('utf8');
    const onData = (chunk: string) => {
      buffer += chunk;
      const end = buffer.indexOf('\n');
      if (end >= 0) {
        socket.off('data', onData);
        socket.pause();
        try { done(JSON.parse(buffer.slice(0, end)) as CliRequest); } catch (error) { fail(error); }
      } else if (buffer.length > MAX_REQUEST_BYTES) fail(new Error('request too large'));
    };
    socket.on('data', onData);
    socket.on('end', () => done(undefined));
    socket.on('error', fail);
  });
}

async function serve(socket: Socket): Promise<void> {
  const request = await readRequest(socket);
  if (!request || !Array.isArray(request.argv)) { socket.destroy(); return; }
  clearTimeout(idle);
  active++;
  // The client sends one line and waits for the answer: its socket closing first means it is gone
  // (killed, interrupted, timed out by the agent that ran it), and its command is cancelled.
  const cancel = new AbortController();
  socket.once('close', () => cancel.abort());
  socket.resume();
  let reply: CliReply;
  try {
    reply = request.argv[0] !== 'stop' && request.build && build && request.build !== build
      ? { stdout: '', stderr: `The running ariaref daemon is from another version of ariaref${sessions.size ? `, with sessions ${sessions.names().map(n => `"${n}"`).join(', ')}` : ''}. Run "ariaref stop", then the command again.\n`, code: 1 }
      : request.argv[0] === 'stop'
      ? { stdout: `Stopped the ariaref daemon${sessions.size ? ` and closed ${sessions.size === 1 ? 'session' : 'sessions'} ${sessions.names().map(n => `"${n}"`).join(', ')}` : ''}.\n`, stderr: '', code: 0 }
      : await sessions.handle(request, cancel.signal);
  } catch (error) {
    log(`${request.argv.join(' ')}: ${(error as Error).stack ?? error}`);
    reply = { stdout: '', stderr: `ariaref: internal error: ${(error as Error).message.split('\n')[0]}. Run the command again; if it keeps failing, "ariaref stop" restarts the daemon (details in ${paths.log}).\n`, code: 1 };
  } finally {
    active--;
  }
  await new Promise<void>(done => socket.end(`${JSON.stringify(reply)}\n`, () => done()));
  if (request.argv[0] === 'stop') await shutdown('stopped');
  armIdle();
}

/** Another daemon answering on the socket means we lost the race to start: leave it be. */
function answering(): Promise<boolean> {
  return new Promise(done => {
    const probe = createConnection(paths.socket);
    probe.once('connect', () => { probe.destroy(); done(true); });
    probe.once('error', () => done(false));
  });
}

function listen(server: Server): Promise<void> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(paths.socket, () => { server.off('error', fail); done(); });
  });
}

const server = createServer(socket => {
  socket.on('error', () => {});
  serve(socket).catch(error => { log(`bad request: ${(error as Error).message}`); socket.destroy(); });
});

async function start(): Promise<void> {
  ensurePrivateDir(paths.dir);
  try {
    await listen(server);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (await answering()) process.exit(0);
    // A socket file left by a daemon that died.
    rmSync(paths.socket, { force: true });
    await listen(server);
  }
  const previous = readState(paths.state);
  if (previous && previous.pid !== process.pid) {
    for (const [name, why] of Object.entries(previous.gone ?? {})) sessions.gone.set(name, why);
    if (!previous.ended) for (const name of previous.sessions) sessions.gone.set(name, LOST);
  }
  writeState();
  log(`daemon ${process.pid} listening on ${paths.socket}`);
  armIdle();
}

process.on('SIGTERM', () => void shutdown('stopped'));
process.on('SIGINT', () => void shutdown('stopped'));
process.on('SIGHUP', () => {});
keepRunningOnStrayErrors(log);

start().catch(error => {
  log(`cannot start: ${(error as Error).stack ?? error}`);
  process.stderr.write(`ariaref daemon: ${(error as Error).message}\n`);
  process.exit(1);
});
