// The snapshot an action's answer shows is read by the action's settle, in the same call into
// the page (WaitOptions.snapshot, AriaPage.settleSnapshot): the answer then asks the page nothing
// more. It is used only for the very call the answer would make, on the document it came from.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright';
import { refOfRole as refOf, startHarness, type Harness } from './wait-harness.js';
import { click } from '../../driver/actions/index.js';
import { AriaPage } from '../../driver/aria-page.js';
import { shownText } from '../../driver/page/text-shown.js';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h?.close(); });

/**
 * Records, for each call of the runtime's snapshot(), whether a settle or text check the driver
 * asked for was still running (their own read: 'in settle') or not (a call of its own).
 */
function spySnapshots(): void {
  const w = window as any;
  const api = w.__ariaref;
  if (!api || w.__snapshotCalls) return;
  let settling = 0;
  w.__snapshotCalls = [];
  const snapshot = api.snapshot;
  api.snapshot = (options: unknown) => { w.__snapshotCalls.push(settling > 0 ? 'in settle' : 'own call'); return snapshot(options); };
  const firstTextShown = api.firstTextShown;
  api.firstTextShown = (texts: unknown, options: unknown) => {
    settling++;
    try { return firstTextShown(texts, options); } finally { settling--; }
  };
  const settle = api.settle;
  api.settle = (options: unknown) => {
    settling++;
    const done = settle(options);
    done.then(() => { settling--; }, () => { settling--; });
    return done;
  };
}

const snapshotCalls = (page: Page) => page.evaluate(() => (window as any).__snapshotCalls as string[]);

const COUNTER = `<!doctype html><title>Counter</title><button id=b>Add</button><p id=out>0 items</p><script>
  b.onclick = () => setTimeout(() => { out.textContent = (parseInt(out.textContent) + 1) + ' items'; }, 50);
</script>`;

describe('the snapshot read by the settle', () => {
  test('is the answer\'s snapshot after a click: the page as it settled, with no call of its own', async () => {
    const page = await h.open('/settle-snapshot', COUNTER);
    const aria = await AriaPage.attach(page);
    const ref = refOf((await aria.snapshotWithBasis()).yaml, 'button', 'Add');
    await page.evaluate(spySnapshots);
    const report = await click(aria, ref, { wait: { snapshot: aria.settleSnapshot() } });
    expect(report.outcome).toBe('quiet');
    expect(await snapshotCalls(page)).toEqual(['in settle']);
    const answer = await aria.snapshotWithBasis({}, report);
    expect(answer.yaml).toContain('1 items');
    expect(answer.title).toBe('Counter');
    expect(await snapshotCalls(page)).toEqual(['in settle']);
    // The same as asking the page now, and taken once: the next read asks the page.
    const fresh = await aria.snapshotWithBasis({}, report);
    expect(fresh).toEqual(answer);
    expect(await snapshotCalls(page)).toEqual(['in settle', 'own call']);
    await page.close();
  });

  test('is not used for other options, nor after the document changed its URL', async () => {
    const page = await h.open('/settle-snapshot-other', COUNTER);
    const aria = await AriaPage.attach(page);
    const ref = refOf((await aria.snapshotWithBasis()).yaml, 'button', 'Add');
    await page.evaluate(spySnapshots);
    const first = await click(aria, ref, { wait: { snapshot: aria.settleSnapshot() } });
    const folded = await aria.snapshotWithBasis({ budgetTokens: 1000 }, first);
    expect(folded.yaml).toContain('1 items');
    expect(await snapshotCalls(page)).toEqual(['in settle', 'own call']);

    const second = await click(aria, ref, { wait: { snapshot: aria.settleSnapshot() } });
    await page.evaluate(() => { history.pushState(null, '', '/settle-snapshot-moved'); document.getElementById('out')!.textContent = 'moved'; });
    const moved = await aria.snapshotWithBasis({}, second);
    expect(moved.yaml).toContain('moved');
    expect(await snapshotCalls(page)).toEqual(['in settle', 'own call', 'in settle', 'own call']);
    await page.close();
  });

  test('of the document a click navigated to is the new page', async () => {
    h.route('/settle-snapshot-next', '<!doctype html><title>Next</title><h1>Arrived</h1>');
    const page = await h.open('/settle-snapshot-link', '<!doctype html><title>Start</title><a href="/settle-snapshot-next">Onward</a>');
    await page.addInitScript(spySnapshots);
    const aria = await AriaPage.attach(page);
    const ref = refOf((await aria.snapshotWithBasis()).yaml, 'link', 'Onward');
    const report = await click(aria, ref, { wait: { snapshot: aria.settleSnapshot() } });
    expect(report.navigatedTo).toMatch(/\/settle-snapshot-next$/);
    const answer = await aria.snapshotWithBasis({}, report);
    expect(answer.yaml).toContain('heading "Arrived"');
    expect(answer.title).toBe('Next');
    expect(await snapshotCalls(page)).toEqual(['in settle']);
    await page.close();
  });
});

describe('the snapshot read by a text check', () => {
  test('is read in the same call when the text shows, and only then', async () => {
    const page = await h.open('/text-snapshot', '<!doctype html><title>Wait</title><p id=out>Loading</p>');
    const aria = await AriaPage.attach(page);
    await aria.snapshotWithBasis();
    await page.evaluate(spySnapshots);
    const early = {};
    expect(await shownText(page, ['Ready now'], { ...aria.settleSnapshot(), readFor: early })).toBeUndefined();
    expect(await snapshotCalls(page)).toEqual([]);
    await page.evaluate(() => { document.getElementById('out')!.textContent = 'Ready now'; });
    const found = {};
    expect(await shownText(page, ['Gone', 'Ready now'], { ...aria.settleSnapshot(), readFor: found })).toBe('Ready now');
    expect(await snapshotCalls(page)).toEqual(['in settle']);
    const answer = await aria.snapshotWithBasis({}, found);
    expect(answer.yaml).toContain('Ready now');
    expect(await snapshotCalls(page)).toEqual(['in settle']);
    await page.close();
  });
});
