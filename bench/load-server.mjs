// The two MCP servers of the load bench, each started over HTTP the way a team would run it, with
// their lifecycle lines (DEBUG=pw:mcp:test, the same words in both) read from stderr, and their
// process tree (server, Chromium, renderers) read from `ps`.
import { spawn, execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const BROWSER = process.env.ARIAREF_BROWSER ?? '/usr/bin/chromium';

/** How each side is launched: ours headless by default and finding Chromium itself; Playwright MCP told everything. */
function command(side, root, aa) {
  if (side === 'ariaref' || aa) return [join(root, 'dist/driver/cli/main.js'), 'mcp', '--port', '0'];
  const noSandbox = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
  return [join(root, 'node_modules/@playwright/mcp/cli.js'), '--port', '0', '--headless', '--isolated', '--executable-path', BROWSER, ...noSandbox];
}

export function serverVersion(side, root) {
  const file = side === 'ariaref' ? join(root, 'package.json') : join(root, 'node_modules/@playwright/mcp/package.json');
  return JSON.parse(readFileSync(file, 'utf8')).version;
}

/**
 * Starts one server on a free port, in `cwd` (both write snapshot files into ./.playwright-mcp).
 * `aa`: start ariaref in this side's place (the A/A run: how far two identical servers differ).
 * `extraEnv` is the dry-run switch only; any inherited heartbeat override is dropped so that the
 * real run measures the default.
 */
export async function startServer(side, { root, cwd, extraEnv = {}, aa = false }) {
  const env = { ...process.env, DEBUG: 'pw:mcp:test' };
  delete env.PLAYWRIGHT_MCP_PING_TIMEOUT_MS;
  Object.assign(env, extraEnv);
  const child = spawn(process.execPath, command(side, root, aa), { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  const lines = [];
  const waiters = new Set();
  let output = '';
  const onLine = line => {
    const m = /pw:mcp:test (.+)$/.exec(line);
    if (!m) return;
    lines.push({ at: performance.now(), message: m[1].trim() });
    for (const w of waiters) w();
  };
  let buffered = '';
  child.stderr.on('data', chunk => {
    buffered += chunk;
    const parts = buffered.split('\n');
    buffered = parts.pop();
    parts.forEach(onLine);
    if (output.length < 20_000) output += chunk;
  });
  child.stdout.on('data', chunk => { if (output.length < 20_000) output += chunk; });
  const exited = new Promise(resolve => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${side} did not print its address within 30 s:\n${output.slice(-2000)}`)), 30_000);
    const look = () => {
      const m = /Listening on (http:\/\/[^\s]+)/.exec(output);
      if (m) { clearTimeout(timer); resolve(`${m[1].replace(/\/$/, '')}/mcp`); }
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    exited.then(({ code, signal }) => { clearTimeout(timer); reject(new Error(`${side} exited (${code ?? signal}) before listening:\n${output.slice(-2000)}`)); });
  });

  return {
    side,
    pid: child.pid,
    url,
    /** How many lifecycle lines equal to `message` were printed so far. */
    count: message => lines.filter(l => l.message === message).length,
    /** Resolves with the time of the `n`-th `message` line (1-based), or undefined after `timeoutMs`. */
    waitForLine(message, n, timeoutMs) {
      return new Promise(resolve => {
        const check = () => {
          const hit = lines.filter(l => l.message === message)[n - 1];
          if (!hit) return;
          done(hit.at);
        };
        const timer = setTimeout(() => done(undefined), timeoutMs);
        const done = at => { clearTimeout(timer); waiters.delete(check); resolve(at); };
        waiters.add(check);
        check();
      });
    },
    lifecycle: () => lines.map(l => l.message),
    /** SIGTERM, then SIGKILL of the server and of whatever Chromium it leaves behind. */
    async stop() {
      const tree = await processTree(child.pid).catch(() => undefined);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const result = await Promise.race([exited, new Promise(r => setTimeout(() => r(undefined), 15_000))]);
      if (!result) child.kill('SIGKILL');
      for (const pid of tree?.descendants ?? []) {
        try { process.kill(pid, 'SIGKILL'); } catch { /* already gone */ }
      }
    },
  };
}

function ps() {
  return new Promise((resolve, reject) => {
    execFile('ps', ['-eo', 'pid=,ppid=,rss=,args=', '-ww'], { maxBuffer: 32 * 1024 * 1024 }, (error, stdout) => {
      if (error) reject(error); else resolve(stdout);
    });
  });
}

/**
 * The server's process and everything under it: renderer count (`--type=renderer`), the server's
 * own RSS and the RSS summed over the tree (shared pages counted once per process: an upper bound).
 */
export async function processTree(rootPid) {
  const rows = (await ps()).split('\n').map(line => /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/.exec(line)).filter(Boolean)
    .map(m => ({ pid: Number(m[1]), ppid: Number(m[2]), rssKiB: Number(m[3]), args: m[4] }));
  const children = new Map();
  for (const row of rows) {
    if (!children.has(row.ppid)) children.set(row.ppid, []);
    children.get(row.ppid).push(row);
  }
  const self = rows.find(r => r.pid === rootPid);
  const descendants = [];
  const stack = [...(children.get(rootPid) ?? [])];
  while (stack.length) {
    const row = stack.pop();
    descendants.push(row);
    stack.push(...(children.get(row.pid) ?? []));
  }
  const tree = self ? [self, ...descendants] : descendants;
  return {
    renderers: descendants.filter(r => r.args.includes('--type=renderer')).length,
    serverRssMiB: self ? +(self.rssKiB / 1024).toFixed(1) : undefined,
    treeRssMiB: +(tree.reduce((n, r) => n + r.rssKiB, 0) / 1024).toFixed(1),
    descendants: descendants.map(r => r.pid),
  };
}

/** Samples a server's tree every `intervalMs` until stopped; keeps the peak of each figure. */
export function sampler(pid, intervalMs = 400) {
  const peak = { renderers: 0, serverRssMiB: 0, treeRssMiB: 0 };
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const s = await processTree(pid).catch(() => undefined);
      if (s) for (const key of Object.keys(peak)) peak[key] = Math.max(peak[key], s[key] ?? 0);
      await new Promise(r => setTimeout(r, intervalMs));
    }
  })();
  return { async stop() { stopped = true; await loop; return peak; } };
}

const strip = ({ descendants, ...figures }) => ({ ...figures, processes: descendants.length });

/**
 * After a phase: waits (at most `capMs`) for the renderers and the processes under the server to
 * fall back to the `baseline` sample's counts (a browser closed with its last session), then samples.
 */
export async function settle(pid, baseline, capMs = 5000) {
  const started = performance.now();
  let s = await processTree(pid);
  while ((s.renderers > baseline.renderers || s.descendants.length > baseline.processes) && performance.now() - started < capMs) {
    await new Promise(r => setTimeout(r, 200));
    s = await processTree(pid);
  }
  return { ...strip(s), settleMs: Math.round(performance.now() - started) };
}

export const snapshotOf = async pid => strip(await processTree(pid));
