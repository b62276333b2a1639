// Benchmark: ariaref snapshots vs Playwright's `page.ariaSnapshot({ mode: 'ai' })` on generated
// pages served from 127.0.0.1, in one browser and one run, alternating sides so that background
// noise (2 shared cores) hits both alike. Ratios within a run are what count, not absolute times.
//
//   node bench/run.mjs [--only=table-1000,form-500] [--runs=5] [--quiet]
//   node bench/run.mjs --only=load        (only the HTTP load part, bench/load.mjs; it runs last otherwise)
//   node bench/run.mjs --only=tasks       (only the task bench, bench/tasks/run.mjs)
//   node bench/run.mjs --skip=load        (everything but the HTTP load part, which takes ~15 minutes)
//
// Prints tables and writes bench/results/latest.json (the load part: bench/results/load-latest.json).
import { chromium } from 'playwright';
import { createServer } from 'node:http';
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import os from 'node:os';
import { benchPages, frameChild, table } from './pages.mjs';
import { summarize, ratio, fmtMs, fmtStats, fmtRatio, printTable } from './stats.mjs';
import { toolDefinitions } from './tool-definitions.mjs';
import { bareWalk, oursInPage, loadScriptCost, navigationCost, printFirstLook } from './first-look.mjs';
import { benchCli, printCli } from './cli.mjs';
import { runTaskBench } from './tasks/run.mjs';
import { benchLoad, writeLoad } from './load.mjs';
import { printLoad } from './load-report.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(process.argv.slice(2).map(a => a.replace(/^--/, '').split('=')).map(([k, v]) => [k, v ?? true]));
const only = args.only ? String(args.only).split(',') : undefined;
const forcedRuns = args.runs ? Number(args.runs) : undefined;
const log = args.quiet ? () => {} : (...m) => console.error(...m);
const BUDGET_TOKENS = 8000;
const PW_TIMEOUT = 120_000;

// ---- server ---------------------------------------------------------------------------------
function serve(pages) {
  const byPath = new Map(pages.map(p => [`/${p.name}`, p.html]));
  byPath.set('/small', table(10));
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const frame = /^\/frame\/(\d+)$/.exec(path);
    const html = frame ? frameChild(Number(frame[1])) : byPath.get(path);
    if (html === undefined) { response.writeHead(404).end(); return; }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(html);
  });
  return new Promise(done => server.listen(0, '127.0.0.1', () => {
    done({ origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise(r => server.close(r)) });
  }));
}

// ---- our side: the driver when built, else the raw runtime through evaluate -----------------
async function loadOurs() {
  // What the driver puts into every document at load: the early runtime where the build has one.
  const sources = await import(pathToFileURL(join(root, 'dist/driver/runtime-source.js')).href);
  const runtimeSource = sources.earlyRuntimeSource ?? sources.runtimeSource;
  const fullRuntimeSource = sources.runtimeSource;
  const indexPath = join(root, 'dist/driver/index.js');
  let driver;
  if (existsSync(indexPath)) {
    try { driver = await import(pathToFileURL(indexPath).href); } catch (error) { log(`driver import failed, using evaluate: ${error.message}`); }
  }
  return { runtimeSource, fullRuntimeSource, attach: typeof driver?.attach === 'function' ? driver.attach : undefined };
}

/** The YAML text of whatever the driver's snapshot returns (string, or an object carrying it). */
function yamlOf(result) {
  if (typeof result === 'string') return result;
  for (const key of ['yaml', 'text', 'snapshot']) if (typeof result?.[key] === 'string') return result[key];
  throw new Error(`unrecognised snapshot result: ${JSON.stringify(result)?.slice(0, 100)}`);
}

async function makeOursSnapshotter(page, attach) {
  if (attach) {
    try {
      const ariaPage = await attach(page);
      return { via: 'driver', snap: async options => yamlOf(await ariaPage.snapshot({ timeoutMs: PW_TIMEOUT, ...options })) };
    } catch (error) {
      log(`attach() failed, using evaluate: ${error.message}`);
    }
  }
  return {
    via: 'evaluate (main frame only)',
    snap: options => page.evaluate(o => globalThis.__ariaref.snapshot(o).yaml, options ?? {}),
  };
}

const pwSnap = page => page.ariaSnapshot({ mode: 'ai', timeout: PW_TIMEOUT });

// ---- measurement helpers --------------------------------------------------------------------
async function timed(fn) {
  const start = performance.now();
  try {
    const output = await fn();
    return { ms: performance.now() - start, output };
  } catch (error) {
    return { ms: performance.now() - start, error: String(error?.message ?? error).split('\n')[0].slice(0, 160) };
  }
}

/** Collects timings; remembers the first error so a failing side is reported, not fatal. */
function series() {
  const s = { times: [], chars: undefined, error: undefined };
  s.add = r => {
    if (r.error) { s.error ??= r.error; return; }
    s.times.push(r.ms);
    s.chars = r.output.length;
  };
  return s;
}

async function gotoReady(page, url) {
  await page.goto(url, { waitUntil: 'load' });
}

async function heapUsed(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

/**
 * Changes one visible cell of row `i` (tables) so the next snapshot differs by one row, and lets the
 * page render the change before the snapshot is timed, as an action's settle does (it waits a frame
 * and more). Chromium's own relayout of the table after its first change (55-160 ms at 1,000 rows,
 * measured with no snapshot taken at all) is the page's cost, paid before any re-snapshot in use;
 * both sides are measured after it alike.
 */
const mutateRow = (page, i) => page.evaluate(n => {
  const cell = document.querySelector(`#r${n} td`);
  if (cell) cell.textContent = `Order ${n} edited`;
  // The animation frame's callbacks run before its style, layout and paint; a task queued from one runs after them.
  return new Promise(done => requestAnimationFrame(() => setTimeout(done, 0)));
}, i);

// ---- per-page benchmark ---------------------------------------------------------------------
async function benchPage(spec, url, sides, diffSnapshots) {
  const runs = forcedRuns ?? spec.runs;
  const extra = spec.name === 'table-5000' ? 1 : 3;
  const result = { page: spec.name, runs };
  const full = { ours: series(), pw: series() };
  const outputs = {};

  for (let run = 0; run < runs; run++) {
    const order = run % 2 === 0 ? ['ours', 'pw'] : ['pw', 'ours'];
    for (const side of order) {
      await gotoReady(sides[side].page, url);
      const r = await timed(() => sides[side].snap());
      full[side].add(r);
      if (r.output !== undefined) outputs[side] = r.output;
    }
    log(`  ${spec.name} run ${run + 1}/${runs}: ours ${fmtMs(full.ours.times.at(-1))} pw ${fmtMs(full.pw.times.at(-1))}`);
  }
  for (const side of ['ours', 'pw'])
    result[side] = { ...summarize(full[side].times), chars: full[side].chars, error: full[side].error };
  result.timeRatio = ratio(result.ours.median, result.pw.median);
  // The physical limit, in the same run: every element's box and computed style, nothing else.
  result.bareWalk = await bareWalk(sides.pw.page, url, runs, gotoReady, timed);
  result.oursInPage = await oursInPage(sides.ours.page, url, runs, gotoReady);
  result.sizeRatio = ratio(result.ours.chars, result.pw.chars);

  // Our budgeted snapshot (what an agent should get by default): size and time. Through the
  // runtime of the main frame: the driver does not forward `budgetTokens` yet.
  await gotoReady(sides.ours.page, url);
  const folded = await timed(() => sides.ours.page.evaluate(
    // The rest of the runtime comes with a document's first call (injected/early.ts): load it as the driver would.
    budgetTokens => { globalThis.__ariarefEarly?.loadRest?.(); return globalThis.__ariaref.snapshot({ budgetTokens }).yaml; }, BUDGET_TOKENS));
  result.folded = folded.error ? { error: folded.error } : { ms: folded.ms, chars: folded.output.length };

  // On a fresh load: JS heap (after GC) before and after the first snapshot, then repeated
  // snapshots with no change, then snapshots after one row changed (tables only).
  for (const side of ['ours', 'pw']) {
    const { page } = sides[side];
    const repeat = series();
    const change = series();
    await gotoReady(page, url);
    const cdp = await page.context().newCDPSession(page);
    let first;
    try {
      const before = await heapUsed(cdp);
      first = await timed(() => sides[side].snap());
      const after = await heapUsed(cdp);
      result[side].heap = { beforeBytes: before, afterBytes: after, retainedBytes: after - before, error: first.error };
    } catch (error) {
      result[side].heap = { error: String(error.message).slice(0, 120) };
    } finally {
      await cdp.detach().catch(() => {});
    }
    let previous = first?.output;
    for (let i = 0; i < extra; i++) repeat.add(await timed(() => sides[side].snap()));
    if (spec.name.startsWith('table-')) {
      const diffs = [];
      for (let i = 0; i < extra; i++) {
        await mutateRow(page, 3 + i);
        const r = await timed(() => sides[side].snap());
        change.add(r);
        if (side === 'ours' && diffSnapshots && previous !== undefined && r.output !== undefined) {
          const diff = diffSnapshots(previous, r.output);
          diffs.push({ chars: diff.text.length, percentOfFull: (100 * diff.text.length) / r.output.length });
        }
        previous = r.output;
      }
      if (diffs.length) result.diffAfterOneRow = diffs.at(-1);
    }
    result[side].repeat = { ...summarize(repeat.times), error: repeat.error };
    if (change.times.length || change.error) result[side].oneRowChange = { ...summarize(change.times), error: change.error };
  }

  result.outputsHead = { ours: outputs.ours?.slice(0, 300), pw: outputs.pw?.slice(0, 300) };
  return result;
}

// ---- main -----------------------------------------------------------------------------------
async function main() {
  if (!only || only.some(name => name !== 'load' && name !== 'tasks')) await benchSnapshots();
  // The task bench (bench/tasks/run.mjs) writes its own bench/results/tasks-latest.json.
  if (!only || only.includes('tasks')) await runTaskBench({ log });
  if ((only && !only.includes('load')) || String(args.skip ?? '').split(',').includes('load')) return;
  // After the snapshot part has closed its browser: the load part needs the machine to itself.
  log('HTTP load...');
  const load = await benchLoad(args, log);
  printLoad(load);
  console.log(`\nwrote ${writeLoad(load)} (${load.durationS}s)`);
}

async function benchSnapshots() {
  const pages = benchPages().filter(p => !only || only.includes(p.name));
  const server = await serve(benchPages());
  const { runtimeSource, fullRuntimeSource, attach } = await loadOurs();
  let diffSnapshots;
  try {
    ({ diffSnapshots } = await import(pathToFileURL(join(root, 'dist/driver/page/diff.js')).href));
  } catch { /* diff not built: the column stays empty */ }

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const startedAt = new Date();
  try {
    const oursContext = await browser.newContext();
    await oursContext.addInitScript({ content: runtimeSource() });
    const pwContext = await browser.newContext();
    const oursPage = await oursContext.newPage();
    const pwPage = await pwContext.newPage();
    await gotoReady(oursPage, `${server.origin}/small`);
    const ours = await makeOursSnapshotter(oursPage, attach);
    const sides = {
      ours: { page: oursPage, snap: ours.snap },
      pw: { page: pwPage, snap: () => pwSnap(pwPage) },
    };
    log(`ours via ${ours.via}; Chromium ${browser.version()}`);

    const results = [];
    for (const spec of pages) {
      log(`${spec.name}...`);
      results.push(await benchPage(spec, `${server.origin}/${spec.name}`, sides, diffSnapshots));
    }
    log('navigation cost...');
    const navigation = await navigationCost(server.origin, ['small', ...pages.map(p => p.name)], pwPage, oursPage, gotoReady, timed);
    log('load script cost...');
    const loadScript = await loadScriptCost(browser, server.origin, ['small', ...pages.map(p => p.name)], { early: runtimeSource(), full: fullRuntimeSource() });
    log('tool definitions...');
    const tools = await toolDefinitions(root);
    log('shell CLI...');
    const cli = only ? undefined : await benchCli({ log }).catch(error => ({ error: String(error) }));

    const report = {
      date: startedAt.toISOString(),
      durationS: Math.round((Date.now() - startedAt.getTime()) / 1000),
      machine: {
        cpu: os.cpus()[0]?.model, cores: os.cpus().length, totalMemGiB: +(os.totalmem() / 2 ** 30).toFixed(1),
        platform: `${os.platform()} ${os.release()}`, node: process.version, chromium: browser.version(),
      },
      oursVia: ours.via,
      budgetTokens: BUDGET_TOKENS,
      pages: results,
      navigation,
      loadScript,
      tools,
      cli,
    };
    print(report);
    if (cli?.ariaref) printCli(cli); else if (cli?.error) console.log(`\nShell CLI bench failed: ${cli.error}`);
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    writeFileSync(join(root, 'bench/results/latest.json'), JSON.stringify(report, null, 2) + '\n');
    console.log(`\nwrote bench/results/latest.json (${report.durationS}s)`);
  } finally {
    await browser.close();
    await server.close();
  }
}

function print(report) {
  const m = report.machine;
  console.log(`\nariaref vs Playwright ariaSnapshot({mode:'ai'}) — ${m.cpu} x${m.cores}, Chromium ${m.chromium}, ours via ${report.oursVia}`);
  console.log('\nFull snapshot, wall time from Node (median [min–max]) and output size:');
  printTable(['page', 'runs', 'ours ms', 'playwright ms', 'time ours/pw', 'ours chars', 'pw chars', 'size ours/pw', `folded (${report.budgetTokens} tok)`],
    report.pages.map(r => [
      r.page, r.runs, fmtStats(r.ours), fmtStats(r.pw), fmtRatio(r.timeRatio),
      r.ours.chars ?? '-', r.pw.chars ?? '-', fmtRatio(r.sizeRatio),
      r.folded.error ? 'error' : `${r.folded.chars} ch, ${fmtMs(r.folded.ms)}`,
    ]));
  console.log('\nRepeated snapshot (no change), after one row changed, diff size, retained JS heap after GC:');
  printTable(['page', 'repeat ours', 'repeat pw', 'ratio', '1-row ours', '1-row pw', 'ratio', 'diff chars (% full)', 'heap ours', 'heap pw'],
    report.pages.map(r => [
      r.page, fmtStats(r.ours.repeat), fmtStats(r.pw.repeat), fmtRatio(ratio(r.ours.repeat?.median, r.pw.repeat?.median)),
      r.ours.oneRowChange ? fmtStats(r.ours.oneRowChange) : '-', r.pw.oneRowChange ? fmtStats(r.pw.oneRowChange) : '-',
      fmtRatio(ratio(r.ours.oneRowChange?.median, r.pw.oneRowChange?.median)),
      r.diffAfterOneRow ? `${r.diffAfterOneRow.chars} (${r.diffAfterOneRow.percentOfFull.toFixed(2)}%)` : '-',
      heapCell(r.ours.heap), heapCell(r.pw.heap),
    ]));
  const errors = report.pages.flatMap(r => ['ours', 'pw'].filter(s => r[s].error).map(s => `${r.page} ${s}: ${r[s].error}`));
  if (errors.length) console.log(`\nFailures:\n  ${errors.join('\n  ')}`);
  console.log('\nPage load cost of the runtime init script (median of 9; wall: goto to load event; in-page: response start to load event):');
  printTable(['page', 'wall without', 'wall with', 'added', 'in-page without', 'in-page with', 'added'],
    report.navigation.map(n => [n.page, fmtStats(n.plain), fmtStats(n.withRuntime), `${fmtMs(n.addedMs)} (${n.addedPercent ?? '-'}%)`,
      fmtStats(n.inPage?.plain), fmtStats(n.inPage?.withRuntime), `${fmtMs(n.inPage?.addedMs)} (${n.inPage?.addedPercent ?? '-'}%)`]));
  printFirstLook(report);
  const t = report.tools;
  console.log('\nTool definitions sent on every turn (tools/list with the default tools, JSON characters):');
  printTable(['server', 'tools', 'chars'], [
    ['ariaref', t.ours.count, t.ours.chars],
    ['Playwright MCP 0.0.83', t.pw.error ? 'error' : t.pw.count, t.pw.error ?? t.pw.chars],
  ]);
}

const heapCell = h => !h ? '-' : h.error && h.retainedBytes === undefined ? 'error' :
  `${(h.beforeBytes / 2 ** 20).toFixed(1)}→${(h.afterBytes / 2 ** 20).toFixed(1)} MiB`;

main().catch(error => { console.error(error); process.exitCode = 1; });
