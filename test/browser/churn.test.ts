// Randomized churn between a snapshot and an action: clones (same role and name), reorders,
// moves, re-renders (an identical new element), renames, hide and show, disable, overlays on
// top, reloads and mid-click swaps. Every element has an identity of its own (a WeakMap in the
// page: clones and copies get new ones), and a capture listener records which element each
// click reached. After every action:
//  - it succeeded and reached exactly the element of the snapshot, or
//  - it failed, reached nothing, and the element had a reason to fail (gone, renamed, hidden,
//    disabled, covered, swapped while acting, its document replaced).
// The same checker must catch a planted bug: a resolver that falls back to role and name.
// Each run logs the time to fail per cause (median, max); CHURN_SEED picks another sequence.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { click, type ActionTarget, type AriaBrowser, type AriaPage } from '../../driver/index.js';
import { launchTestBrowser, startServer, type TestServer } from './driver-harness.js';

const page = `<!doctype html><div id="left"></div><div id="right"></div>
<script>
  let next = 0; const ids = new WeakMap(); window.byId = new Map(); window.hits = []; window.armed = new Set();
  window.idOf = el => { if (!ids.has(el)) { ids.set(el, ++next); byId.set(next, el); } return ids.get(el); };
  document.addEventListener('click', e => { const b = e.target.closest && e.target.closest('button'); if (b) hits.push(idOf(b)); }, true);
  for (let i = 1; i <= 8; i++) {
    const b = document.createElement('button'); b.textContent = 'Item ' + i;
    (i % 2 ? left : right).append(b); idOf(b);
  }
</script>`;

type Mutation = 'clone' | 'reorder' | 'move' | 'rerender' | 'rename' | 'hide' | 'show' | 'disable' | 'swap' | 'cover' | 'reload' | 'none';
const MUTATIONS: Mutation[] = ['clone', 'reorder', 'move', 'rerender', 'rename', 'hide', 'show', 'disable', 'swap', 'cover', 'reload', 'none', 'none'];

/** Runs in the page: one mutation of the element with identity `id`. */
const MUTATE = `(([kind, id]) => {
  const el = byId.get(id); if (!el || !el.isConnected) return;
  const fresh = () => { const c = el.cloneNode(true); idOf(c); return c; };
  if (kind === 'clone') el.after(fresh());
  if (kind === 'reorder') { const p = el.parentElement; [...p.children].reverse().forEach(c => p.append(c)); }
  if (kind === 'move') (el.parentElement.id === 'left' ? right : left).prepend(el);
  if (kind === 'rerender') el.replaceWith(fresh());
  if (kind === 'rename') el.textContent += ' *';
  if (kind === 'hide') el.style.display = 'none';
  if (kind === 'show') { document.querySelectorAll('button').forEach(b => { b.style.display = ''; }); document.querySelectorAll('.cover').forEach(c => c.remove()); }
  if (kind === 'cover') {
    const r = el.getBoundingClientRect(), c = document.createElement('div');
    c.className = 'cover'; c.textContent = 'Overlay';
    Object.assign(c.style, { position: 'fixed', left: r.left + 'px', top: r.top + 'px', width: r.width + 'px', height: r.height + 'px', background: '#fff' });
    document.body.append(c);
  }
  if (kind === 'disable') el.disabled = true;
  if (kind === 'swap') { armed.add(id); el.addEventListener('pointermove', () => { if (el.isConnected) el.replaceWith(fresh()); }, { once: true }); }
})`;

/** Runs in the page: why the element of `id` (named `name` at the snapshot) may fail now, or '' when healthy. */
const HEALTH = `(([id, name]) => {
  const el = byId.get(id);
  if (!el || !el.isConnected) return 'gone';
  if (el.textContent !== name) return 'renamed';
  if (!el.checkVisibility()) return 'hidden';
  if (el.disabled) return 'disabled';
  const r = el.getBoundingClientRect(), hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  if (hit && !el.contains(hit)) return 'covered';
  return armed.has(id) ? 'armed' : '';
})`;

let server: TestServer;
let browser: AriaBrowser;

beforeAll(async () => {
  server = await startServer();
  server.route('/churn', page);
  browser = await launchTestBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Outcome { violations: string[]; causes: Map<string, number[]>; mutations: Map<Mutation, number>; actions: number }

function causeOf(message: string): string {
  if (/replaced while acting/.test(message)) return 'replaced while acting';
  if (/it is covered by /.test(message)) return 'covered';
  if (/no longer exists/.test(message)) return 'removed';
  if (/ was .*, is now /.test(message)) return 'renamed';
  if (/is not visible now/.test(message)) return 'hidden';
  if (/is disabled now/.test(message)) return 'disabled';
  if (/belonged to .* before the page navigated/.test(message)) return 'document replaced';
  return `other: ${message.split('\n')[0]}`;
}

/** `iterations` rounds of snapshot, churn, click; `targetFor` gives the actions' view of the page (a planted bug swaps it). */
async function churn(seed: number, iterations: number, targetFor: (aria: AriaPage) => ActionTarget, surfaces = true): Promise<Outcome> {
  const rand = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const aria = await browser.newPage();
  const outcome: Outcome = { violations: [], causes: new Map(), mutations: new Map(), actions: 0 };
  try {
    await aria.page.goto(`${server.origin}/churn`);
    for (let round = 0; round < iterations; round++) {
      const snapshot = await aria.snapshot();
      const buttons = [...snapshot.matchAll(/button "([^"]*)" \[ref=(e\d+)\]/g)].map(m => ({ name: m[1]!, ref: m[2]! }));
      if (!buttons.length) { await aria.page.reload(); continue; }
      const ids: number[] = await aria.page.evaluate(refs => refs.map(r => (window as any).idOf((globalThis as any).__ariaref.resolve(r))), buttons.map(b => b.ref));
      const index = Math.floor(rand() * buttons.length);
      const chosen = { ...buttons[index]!, id: ids[index]! };
      let reloaded = false;
      for (let m = 0, count = 1 + Math.floor(rand() * 3); m < count; m++) {
        const kind = pick(MUTATIONS);
        outcome.mutations.set(kind, (outcome.mutations.get(kind) ?? 0) + 1);
        // Half the mutations hit the chosen element, the rest another one.
        const id = rand() < 0.5 ? chosen.id : pick(ids);
        if (kind === 'reload') { await aria.page.reload(); reloaded = true; break; }
        await aria.page.evaluate(`${MUTATE}(${JSON.stringify([kind, id])})`);
      }
      const health: string = reloaded ? 'reloaded' : await aria.page.evaluate(`${HEALTH}(${JSON.stringify([chosen.id, chosen.name])})`);
      await aria.page.evaluate('window.hits = []');
      const viaLocator = surfaces && rand() < 0.3;
      const started = Date.now();
      const error = await (viaLocator
        ? aria.ref(chosen.ref).click({ timeout: 3_000 })
        : click(targetFor(aria), chosen.ref, { timeoutMs: 3_000, wait: { quietMs: 20 } })
      ).then(() => undefined, (e: Error) => e);
      const elapsed = Date.now() - started;
      outcome.actions++;
      const hits: number[] = await aria.page.evaluate('window.hits');
      const what = `round ${round} (seed ${seed}): ${chosen.ref} ${JSON.stringify(chosen.name)} #${chosen.id}, health "${health}", ${viaLocator ? 'locator' : 'click()'}`;
      if (!error) {
        if (reloaded || hits.length !== 1 || hits[0] !== chosen.id) outcome.violations.push(`${what}: succeeded but reached ${JSON.stringify(hits)}`);
        if (health && health !== 'armed' && health !== 'covered') outcome.violations.push(`${what}: succeeded on an element that should have failed`);
      } else {
        const cause = causeOf(error.message);
        const times = outcome.causes.get(cause) ?? [];
        times.push(elapsed);
        outcome.causes.set(cause, times);
        if (hits.length && !reloaded) outcome.violations.push(`${what}: failed (${cause}) yet reached ${JSON.stringify(hits)}`);
        if (!health) outcome.violations.push(`${what}: failed for no reason: ${error.message.split('\n')[0]}`);
        if (cause.startsWith('other')) outcome.violations.push(`${what}: failed without a known cause: ${cause}`);
      }
    }
  } finally {
    await aria.page.close();
  }
  return outcome;
}

function summary(outcome: Outcome): string {
  const stats = [...outcome.causes].map(([cause, times]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return `${cause}: ${times.length}× median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted[sorted.length - 1]} ms`;
  });
  return `${outcome.actions} actions; mutations ${JSON.stringify(Object.fromEntries(outcome.mutations))}; failures: ${stats.join('; ')}`;
}

test('no action lands on another element, and none silently does nothing', async () => {
  const seed = Number(process.env.CHURN_SEED ?? 20261201);
  const outcome = await churn(seed, 80, aria => aria);
  console.log(`churn: ${summary(outcome)}`);
  expect(outcome.violations).toEqual([]);
  // The run really exercised the causes it checks.
  expect(outcome.causes.size).toBeGreaterThanOrEqual(4);
}, 60_000);

test('the same checker catches a planted bug: a resolver that falls back to role and name', async () => {
  const planted = (aria: AriaPage): ActionTarget => ({
    page: aria.page,
    resolve: async ref => {
      try {
        return await aria.resolve(ref);
      } catch (error) {
        // The bug: find "the same" element by what it looked like, ignoring that it is gone.
        const name = /\(button "([^"]*)"\)/.exec((error as Error).message)?.[1];
        if (!name) throw error;
        return { locator: aria.page.getByRole('button', { name, exact: true }).first(), frame: aria.page.mainFrame() };
      }
    },
  });
  const outcome = await churn(20261201, 30, planted, false);
  expect(outcome.violations.length).toBeGreaterThan(0);
  expect(outcome.violations.join('\n')).toMatch(/succeeded but reached \[\d+\]/);
}, 60_000);
