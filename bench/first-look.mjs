// The first look an agent pays on every navigation (issue 17): the page load the runtime adds, the
// first full snapshot against Playwright's and against the physical limit (a bare walk reading every
// element's box and computed style, in the same run), the re-snapshot after one row changed, and the
// retained heap. Each figure is printed beside its target.
import { summarize, ratio, fmtMs, fmtStats, fmtRatio, printTable } from './stats.mjs';

export const TARGETS = {
  fullSnapshot: 0.2, // ours / Playwright, full snapshot
  oneRow: 0.03, // ours after one row changed / Playwright's full snapshot (issue 25)
  loadAddedPercent: 5, // page load added by the init script
  loadScriptMs: 0.5, // what the runtime's init script itself takes per document, before the first call
};

/**
 * What the runtime's init script itself takes in each document at load, timed in the page around
 * the script (the page-load figures above are within this machine's noise at a few ms): `source`
 * is what every document gets (the early part), `fullSource` the whole runtime, as it was
 * installed before issue 25. Per page: the median over `runs` loads of the sum over its frames,
 * and per document.
 */
export async function loadScriptCost(browser, origin, names, sources, runs = 15) {
  const timedScript = source => `(() => { const t0 = performance.now(); ${source}\n;(globalThis.__ariarefLoadCost ??= []).push(performance.now() - t0); })();`;
  const pages = {};
  for (const [side, source] of Object.entries(sources)) {
    const context = await browser.newContext();
    await context.addInitScript({ content: timedScript(source) });
    pages[side] = await context.newPage();
  }
  const rows = [];
  for (const name of names) {
    const totals = Object.fromEntries(Object.keys(pages).map(side => [side, []]));
    const documents = {};
    // Sides alternate load by load: the machine's drift falls on both alike.
    for (let i = 0; i < runs; i++) {
      const order = Object.keys(pages);
      if (i % 2) order.reverse();
      for (const side of order) {
        const page = pages[side];
        await page.goto(`${origin}/${name}`, { waitUntil: 'load' });
        let total = 0;
        documents[side] = 0;
        for (const frame of page.frames()) {
          const costs = await frame.evaluate(() => globalThis.__ariarefLoadCost ?? []).catch(() => []);
          for (const ms of costs) { total += ms; documents[side]++; }
        }
        totals[side].push(total);
      }
    }
    const row = { page: name };
    for (const side of Object.keys(pages)) {
      const stats = summarize(totals[side]);
      row[side] = { ...stats, documents: documents[side], perDocumentMs: documents[side] ? +(stats.median / documents[side]).toFixed(2) : undefined };
    }
    rows.push(row);
  }
  for (const page of Object.values(pages)) await page.context().close();
  return rows;
}

/**
 * In-page: what any snapshot must at least do, once per element: read its box and its computed
 * style (display, visibility, pointer-events, cursor). Shadow roots are entered like the snapshot does.
 */
export function bareWalkInPage() {
  const started = performance.now();
  const stack = [document.documentElement];
  while (stack.length) {
    const element = stack.pop();
    element.getBoundingClientRect();
    const style = getComputedStyle(element);
    void (style.display + style.visibility + style.pointerEvents + style.cursor);
    const root = element.shadowRoot ?? element;
    for (let child = root.firstElementChild; child; child = child.nextElementSibling) stack.push(child);
  }
  return performance.now() - started;
}

/**
 * Bare-walk times on fresh loads of `url` in `page` (no runtime needed), like a first snapshot:
 * the call as the driver sees it, and (`inPage`) the walk alone, timed in the page. The first
 * includes what the renderer still does for the fresh page before it runs the call (its first
 * frame), which a snapshot on a fresh load waits for as well.
 */
export async function bareWalk(page, url, runs, goto, timed) {
  const times = [];
  const inPage = [];
  for (let i = 0; i < runs; i++) {
    await goto(page, url);
    const r = await timed(() => page.evaluate(bareWalkInPage));
    if (!r.error) { times.push(r.ms); inPage.push(r.output); }
  }
  return { ...summarize(times), inPage: summarize(inPage) };
}

/** Our first snapshot of the main frame on fresh loads, timed in the page (the in-page side of ours/bare). */
export async function oursInPage(page, url, runs, goto) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    await goto(page, url);
    const ms = await page.evaluate(() => {
      // The rest of the runtime comes with a document's first call (injected/early.ts): loaded as the driver would, untimed.
      globalThis.__ariarefEarly?.loadRest?.();
      const started = performance.now();
      globalThis.__ariaref.snapshot({});
      return performance.now() - started;
    }).catch(() => undefined);
    if (typeof ms === 'number') times.push(ms);
  }
  return summarize(times);
}

/**
 * Navigation to the load event with and without the runtime's init script, alternating sides, on
 * every page given. In-page navigation timing (response start to load event) is read as well: it
 * leaves out the protocol round trips that both sides pay alike.
 */
export async function navigationCost(origin, names, plainPage, oursPage, goto, timed, runs = 9) {
  const rows = [];
  for (const name of names) {
    const wall = { plain: [], ours: [] };
    const inPage = { plain: [], ours: [] };
    for (let i = 0; i < runs; i++) {
      const order = i % 2 === 0 ? [['ours', oursPage], ['plain', plainPage]] : [['plain', plainPage], ['ours', oursPage]];
      for (const [side, page] of order) {
        const r = await timed(() => goto(page, `${origin}/${name}`));
        if (r.error) continue;
        wall[side].push(r.ms);
        const t = await page.evaluate(() => {
          const n = performance.getEntriesByType('navigation')[0];
          return n ? n.loadEventStart - n.responseStart : undefined;
        }).catch(() => undefined);
        if (typeof t === 'number') inPage[side].push(t);
      }
    }
    const p = summarize(wall.plain);
    const o = summarize(wall.ours);
    const ip = summarize(inPage.plain);
    const io = summarize(inPage.ours);
    rows.push({
      page: name, plain: p, withRuntime: o, addedMs: o.median - p.median,
      inPage: { plain: ip, withRuntime: io, addedMs: io.median - ip.median, addedPercent: percent(io.median, ip.median) },
      addedPercent: percent(o.median, p.median),
    });
  }
  return rows;
}

const percent = (a, b) => (typeof a === 'number' && typeof b === 'number' && b > 0 ? +((100 * (a - b)) / b).toFixed(1) : undefined);

const mark = (value, target, lowerIsBetter = true) =>
  value === undefined ? '' : (lowerIsBetter ? value <= target : value >= target) ? ' ok' : ' MISS';

const scriptCell = row => (row?.early?.perDocumentMs === undefined ? '-'
  : `${row.early.perDocumentMs} ms${mark(row.early.perDocumentMs, TARGETS.loadScriptMs)} (${row.full?.perDocumentMs ?? '-'} ms)`);

const mib = bytes => (typeof bytes === 'number' ? `${(bytes / 2 ** 20).toFixed(1)}` : '-');

/** The first-look table: one line per page, each figure with its target. */
export function printFirstLook(report) {
  console.log(`\nFirst look (targets: full ≤${TARGETS.fullSnapshot}x Playwright, 1-row re-snapshot ≤${TARGETS.oneRow}x `
    + `Playwright's full, load added ≤${TARGETS.loadAddedPercent}%, retained heap ≤ Playwright's):`);
  const nav = new Map((report.navigation ?? []).map(n => [n.page, n]));
  const scripts = new Map((report.loadScript ?? []).map(n => [n.page, n]));
  printTable(
    ['page', 'full ours/pw', 'bare walk ms', 'ours/bare', 'in page: ours / bare ms', '1-row ours/pw full', 'load added (in-page)', `load script per document (≤${TARGETS.loadScriptMs} ms; whole runtime)`, 'heap retained ours/pw MiB'],
    report.pages.map(r => {
      const oneRow = ratio(r.ours.oneRowChange?.median, r.pw.median);
      const n = nav.get(r.page);
      const added = n?.inPage?.addedPercent ?? n?.addedPercent;
      const heapOurs = r.ours.heap?.retainedBytes;
      const heapPw = r.pw.heap?.retainedBytes;
      return [
        r.page,
        `${fmtRatio(r.timeRatio)}${mark(r.timeRatio, TARGETS.fullSnapshot)}`,
        fmtStats(r.bareWalk),
        fmtRatio(ratio(r.ours.median, r.bareWalk?.median)),
        r.oursInPage?.median === undefined || r.bareWalk?.inPage?.median === undefined ? '-'
          : `${fmtMs(r.oursInPage.median)} / ${fmtMs(r.bareWalk.inPage.median)} = ${fmtRatio(ratio(r.oursInPage.median, r.bareWalk.inPage.median))}`,
        // Three decimals: the target itself has two, and 0.032 must not read as 0.03.
        oneRow === undefined ? '-' : `${oneRow.toFixed(3)}x${mark(oneRow, TARGETS.oneRow)}`,
        added === undefined ? '-' : `${fmtMs(n.inPage?.addedMs ?? n.addedMs)} ms (${added}%)${mark(added, TARGETS.loadAddedPercent)}`,
        scriptCell(scripts.get(r.page)),
        `${mib(heapOurs)} / ${mib(heapPw)}${heapOurs !== undefined && heapPw !== undefined ? mark(heapOurs, heapPw) : ''}`,
      ];
    }));
  const small = scripts.get('small');
  if (small) console.log(`small page: load script per document ${scriptCell(small)}`);
}
