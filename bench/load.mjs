// Load bench (issue 22): ariaref's MCP server over Streamable HTTP against Playwright MCP 0.0.83,
// both running side by side in one run, with K concurrent SDK clients each doing a 15-call flow on
// its own page, then rounds of open-run-close, then a client killed with SIGKILL. The servers take
// turns phase by phase (who goes first alternates), since the 2 shared cores make absolute times
// noisy: compare the ratios of one run.
//
//   node bench/load.mjs [--load-k=12,24] [--load-repeats=3] [--rounds=3] [--rounds-k=6] [--together-k=12 (0: none)] [--call-timeout=60000]
//                       [--flow-budget=120000] [--killed-wait=20000] [--ours-ping-timeout=0 (dry run only)]
//                       [--a-a (a second ariaref server in Playwright MCP's place: the noise floor of the ratios)]
//   node bench/run.mjs --only=load        (the same, from the bench's entry point)
//
// Prints tables and writes bench/results/load-latest.json.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, serverVersion, sampler, settle, snapshotOf, processTree } from './load-server.mjs';
import { servePages, newToken, connect, disconnect, runFlow, reasonOf, FLOW_CALLS } from './load-flow.mjs';
import { printLoad, toolStats, targets } from './load-report.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SIDES = ['ariaref', 'playwright'];

function newPhase({ name, k, rounds, kind }) {
  return { name, kind, k, rounds, calls: 0, failed: 0, failures: {}, answers: {}, crossTalk: 0, crossSamples: [], tools: {}, flowMs: [], wallMs: [], sessionFailures: {}, afterRounds: [] };
}

const SESSION_STEPS = ['connect', 'close (DELETE)'];

/** One call's outcome; connecting and closing are timed like tools but are not counted as calls. */
function record(phase, { key, ms, error, answer }) {
  const tool = phase.tools[key] ??= { times: [], failed: 0 };
  const failures = SESSION_STEPS.includes(key) ? phase.sessionFailures : phase.failures;
  if (!SESSION_STEPS.includes(key)) phase.calls++;
  if (error) {
    tool.failed++;
    if (!SESSION_STEPS.includes(key)) phase.failed++;
    const reason = `${key}: ${error}`;
    failures[reason] = (failures[reason] ?? 0) + 1;
    // What the server answered, the first time each reason came up: enough to see what went wrong.
    if (answer && !phase.answers[reason]) phase.answers[reason] = answer.slice(0, 1500);
  } else {
    tool.times.push(+ms.toFixed(1));
  }
}

/** One round on one server: K clients connect together, run the flow together, and DELETE their sessions. */
async function round(server, phase, k, ctx) {
  const tokens = Array.from({ length: k }, (_, i) => newToken(i));
  tokens.forEach(t => ctx.tokens.add(t));
  const sessions = await Promise.all(tokens.map((t, i) => connect(server.url, `load-client-${i}`).then(
    s => { record(phase, { key: 'connect', ms: s.connectMs }); return s; },
    error => { const reason = reasonOf(error); record(phase, { key: 'connect', error: reason }); return { reason }; })));
  const started = performance.now();
  await Promise.all(sessions.map(async (session, i) => {
    if (!session.client) {
      for (let n = 0; n < FLOW_CALLS; n++) record(phase, { key: 'not connected', error: `connect failed: ${session.reason}` });
      return;
    }
    const flow = await runFlow(session, { origin: ctx.origin, token: tokens[i], tokens: ctx.tokens, callTimeoutMs: ctx.callTimeoutMs, flowBudgetMs: ctx.flowBudgetMs, record: r => record(phase, r) });
    phase.flowMs.push(+flow.flowMs.toFixed(1));
    phase.crossTalk += flow.crossTalk;
    phase.crossSamples.push(...flow.crossSamples.slice(0, 3 - phase.crossSamples.length));
  }));
  phase.wallMs.push(Math.round(performance.now() - started));
  await Promise.all(sessions.filter(s => s.client).map(async s => {
    const closed = await disconnect(s);
    record(phase, { key: 'close (DELETE)', ms: closed.ms, error: closed.error });
  }));
}

/** A client that opens its stream, navigates, and is SIGKILLed: how long until the server lets its context go. */
async function killedClient(server, ctx) {
  const before = await snapshotOf(server.pid);
  const deletes = server.count('delete http session');
  const token = newToken(0);
  ctx.tokens.add(token);
  const child = spawn(process.execPath, [join(root, 'bench/load-killed-client.mjs'), server.url, `${ctx.origin}/c/${token}/a`], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', c => { output += c; });
  child.stderr.on('data', c => { output += c; });
  const ready = await new Promise(resolve => {
    const timer = setTimeout(() => resolve(false), 30_000);
    child.stdout.on('data', () => { if (/^ready/m.test(output)) { clearTimeout(timer); resolve(true); } });
    child.once('exit', () => { clearTimeout(timer); resolve(false); });
  });
  if (!ready) {
    child.kill('SIGKILL');
    return { before, error: `the client never got ready: ${output.trim().split('\n').at(-1)?.slice(0, 160) ?? 'no output'}` };
  }
  // The stream's first ping round trip, so the kill hits a session in its steady state.
  await new Promise(r => setTimeout(r, 1000));
  const withClient = await snapshotOf(server.pid);
  const killedAt = performance.now();
  child.kill('SIGKILL');
  const cap = ctx.killedWaitMs;
  const line = server.waitForLine('delete http session', deletes + 1, cap);
  let renderersBackMs;
  while (performance.now() - killedAt < cap) {
    const s = await processTree(server.pid).catch(() => undefined);
    if (s && s.renderers <= before.renderers) { renderersBackMs = Math.round(performance.now() - killedAt); break; }
    await new Promise(r => setTimeout(r, 100));
  }
  const lineAt = await line;
  return {
    before, withClient, after: await snapshotOf(server.pid), capMs: cap, navigate: /ready ok/.test(output) ? 'ok' : 'error',
    releasedMs: lineAt === undefined ? undefined : Math.round(lineAt - killedAt), renderersBackMs,
  };
}

function sourceState() {
  const newest = dir => readdirSync(dir, { recursive: true })
    .filter(f => /\.(ts|js)$/.test(f)).reduce((m, f) => Math.max(m, statSync(join(dir, f)).mtimeMs), 0);
  const git = args => { try { return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim(); } catch { return undefined; } };
  let stale;
  try { stale = newest(join(root, 'driver')) > newest(join(root, 'dist/driver')); } catch { stale = true; }
  return { commit: git(['rev-parse', '--short', 'HEAD']), uncommittedDriverFiles: git(['status', '--porcelain', 'driver'])?.split('\n').filter(Boolean) ?? [], distStale: stale };
}

export async function benchLoad(options = {}, log = m => console.error(m)) {
  const ks = String(options['load-k'] ?? '12,24').split(',').map(Number);
  const rounds = Number(options.rounds ?? 3);
  // Each K phase is run this many times, the servers taking turns each time: a p95 of 12 calls
  // is the slowest one, one scheduling hiccup on a shared machine; pooled repeats make it a p95.
  const repeats = Math.max(1, Number(options['load-repeats'] ?? 3));
  const roundsK = Number(options['rounds-k'] ?? 6);
  const togetherK = Number(options['together-k'] ?? 12);
  const ctx = {
    tokens: new Set(), callTimeoutMs: Number(options['call-timeout'] ?? 60_000),
    flowBudgetMs: Number(options['flow-budget'] ?? 120_000), killedWaitMs: Number(options['killed-wait'] ?? 20_000),
  };
  const aa = options['a-a'] !== undefined && options['a-a'] !== 'false';
  const oursEnv = options['ours-ping-timeout'] !== undefined ? { PLAYWRIGHT_MCP_PING_TIMEOUT_MS: String(options['ours-ping-timeout']) } : {};
  const source = sourceState();
  if (source.distStale) log('load: WARNING dist/ is older than driver/: run `npm run build` so the bench measures the current code');
  const startedAt = new Date();
  const pages = await servePages();
  ctx.origin = pages.origin;
  const cwd = mkdtempSync(join(tmpdir(), 'ariaref-load-'));
  const servers = {};
  const report = {
    date: startedAt.toISOString(),
    machine: { cpu: os.cpus()[0]?.model, cores: os.cpus().length, node: process.version, loadAverageAtStart: os.loadavg().map(l => +l.toFixed(1)) },
    source, dryRun: Object.keys(oursEnv).length ? oursEnv : undefined, aa: aa || undefined,
    config: { ks, repeats, rounds, roundsK, togetherK, flowCalls: FLOW_CALLS, callTimeoutMs: ctx.callTimeoutMs, flowBudgetMs: ctx.flowBudgetMs, killedWaitMs: ctx.killedWaitMs },
    versions: Object.fromEntries(SIDES.map(s => [s, serverVersion(aa ? 'ariaref' : s, root)])), servers: {},
  };
  const cleanup = async () => {
    await Promise.all(Object.values(servers).map(s => s.stop()));
    await pages.close();
    rmSync(cwd, { recursive: true, force: true });
  };
  // Interrupted (Ctrl-C): the servers and their browsers go too, and the scratch directory.
  const interrupted = signal => { cleanup().finally(() => process.kill(process.pid, signal)); };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    for (const side of SIDES) {
      servers[side] = await startServer(side, { root, cwd, extraEnv: side === 'ariaref' ? oursEnv : {}, aa: aa && side !== 'ariaref' });
      report.servers[side] = { url: servers[side].url, start: await snapshotOf(servers[side].pid), phases: [] };
    }
    // One round on each of `sides` at the same time; then each side's peak, and its process tree
    // once its renderers settle.
    const roundOn = async (sides, phases, k, label) => {
      log(`load: ${sides.join(' and ')} ${label}...`);
      const watches = sides.map(side => sampler(servers[side].pid));
      await Promise.all(sides.map(side => round(servers[side], phases[side], k, ctx)));
      const peaks = await Promise.all(watches.map(w => w.stop()));
      for (const [i, side] of sides.entries()) {
        const phase = phases[side];
        for (const key of Object.keys(phase.peak)) phase.peak[key] = Math.max(phase.peak[key], peaks[i][key]);
        phase.after = await settle(servers[side].pid, phase.before);
        phase.afterRounds.push(phase.after);
        log(`load:   ${side} ${phase.failed}/${phase.calls} failed so far, wall ${phase.wallMs.at(-1)} ms, renderers ${phase.before.renderers}→${phase.peak.renderers}→${phase.after.renderers}`);
      }
    };
    let turn = 0;
    const order = () => (turn++ % 2 === 0 ? SIDES : [...SIDES].reverse());
    const specs = [
      ...ks.map(k => ({ name: `K=${k}`, kind: 'concurrent', k, rounds: repeats })),
      ...(rounds ? [{ name: `${rounds} rounds of K=${roundsK}`, kind: 'rounds', k: roundsK, rounds }] : []),
      // Both servers at once, K clients each: every call of either meets the same machine at the
      // same moment. Taking turns, each server meets only the load of its own clients, which is
      // denser for the server whose flow runs faster.
      ...(togetherK ? [{ name: `K=${togetherK} each, both at once`, kind: 'together', k: togetherK, rounds: repeats }] : []),
    ];
    for (const spec of specs) {
      const phases = {};
      for (const side of SIDES) {
        phases[side] = newPhase(spec);
        phases[side].before = await snapshotOf(servers[side].pid);
        phases[side].peak = { renderers: 0, serverRssMiB: 0, treeRssMiB: 0 };
        report.servers[side].phases.push(phases[side]);
      }
      for (let r = 0; r < spec.rounds; r++) {
        const label = `${spec.name}${spec.rounds > 1 ? ` round ${r + 1}` : ''}`;
        if (spec.kind === 'together') await roundOn(SIDES, phases, spec.k, label);
        else for (const side of order()) await roundOn([side], phases, spec.k, label);
      }
    }
    for (const side of order()) {
      log(`load: ${side} killed client...`);
      report.servers[side].killed = await killedClient(servers[side], ctx);
    }
    for (const side of SIDES) report.servers[side].lifecycle = summarizeLifecycle(servers[side].lifecycle());
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await cleanup();
  }
  report.durationS = Math.round((Date.now() - startedAt.getTime()) / 1000);
  report.machine.loadAverageAtEnd = os.loadavg().map(l => +l.toFixed(1));
  report.toolStats = Object.fromEntries(SIDES.map(side => [side, Object.fromEntries(report.servers[side].phases.map(p => [p.name, toolStats(p)]))]));
  report.targets = targets(report).map(([target, measured, ok]) => ({ target, measured, ok }));
  return report;
}

/** How many of each lifecycle line a server printed over the run (sessions, contexts, browsers). */
function summarizeLifecycle(lines) {
  const counts = {};
  for (const l of lines) counts[l] = (counts[l] ?? 0) + 1;
  return counts;
}

/** Writes the report; an A/A run goes beside the real one, never in its place. Returns the file written. */
export function writeLoad(report) {
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const file = `bench/results/${report.aa ? 'load-aa-latest' : 'load-latest'}.json`;
  writeFileSync(join(root, file), `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = Object.fromEntries(process.argv.slice(2).map(a => a.replace(/^--/, '').split('=')).map(([k, v]) => [k, v ?? true]));
  const report = await benchLoad(args);
  printLoad(report);
  console.log(`\nwrote ${writeLoad(report)} (${report.durationS}s)`);
}
