// A repeated snapshot of a large page crosses from the page as a patch of the text the driver
// holds (injected/snapshot/transfer.ts, driver/page/runtime.ts). What the driver returns must be
// the page's snapshot exactly: through edits, a budget's folded text and its basis, another
// caller taking snapshots in between, a child frame, and a new document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame } from 'playwright';
import type { AriaBrowser, AriaPage } from '../../driver/index.js';
import { launchTestBrowser, startServer, type TestServer } from './driver-harness.js';

let server: TestServer;
let browser: AriaBrowser;
let page: AriaPage;

const rows = (n: number) => Array.from({ length: n }, (_, i) =>
  `<tr id="r${i}"><td>Order ${i}</td><td><a href="/o/${i}">Open ${i}</a></td><td><button>Delete ${i}</button></td></tr>`).join('');
const TABLE = `<!doctype html><title>Orders</title><main><h1>Orders</h1><table>${rows(400)}</table></main>`;
const WITH_FRAME = `<!doctype html><main><h1>Host</h1><iframe title="Side" src="/side.html" width=300 height=200></iframe></main>`;
const SIDE = `<!doctype html><ul>${Array.from({ length: 300 }, (_, i) => `<li id="s${i}"><button>Side ${i}</button></li>`).join('')}</ul>`;

beforeAll(async () => {
  server = await startServer();
  server.route('/table.html', TABLE);
  server.route('/host.html', WITH_FRAME);
  server.route('/side.html', SIDE);
  server.route('/other.html', '<!doctype html><h1>Other page</h1><button>Only</button>');
  browser = await launchTestBrowser();
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Records in the frame's runtime whether each snapshot answered with a patch of its YAML. */
function watchPatches(frame: Frame): Promise<void> {
  return frame.evaluate(() => {
    const g = globalThis as any;
    const api = g.__ariaref;
    const own = api.snapshot;
    g.__patched = [];
    api.snapshot = (options: unknown) => {
      const result = own(options);
      g.__patched.push(!!result.patches?.yaml);
      return result;
    };
  });
}

const patched = (frame: Frame) => frame.evaluate(() => (globalThis as any).__patched.slice() as boolean[]);

/** The frame's snapshot recomputed from scratch by its runtime: another caller, so the driver's next text goes whole. */
const fromScratch = (frame: Frame) => frame.evaluate(() => (globalThis as any).__ariaref.snapshot({ incremental: false }).yaml as string);

const edit = (frame: Frame, step: number) => frame.evaluate(i => {
  const row = document.getElementById(`r${i * 37}`)!;
  if (i % 3 === 0) row.remove();
  else if (i % 3 === 1) row.querySelector('td')!.textContent = `Edited ${i}`;
  else row.after(Object.assign(document.createElement('tr'), { innerHTML: `<td>New ${i}</td><td><button>Added ${i}</button></td>` }));
}, step);

describe('snapshot texts sent as patches', () => {
  it('rebuild exactly the snapshot the page has after each edit', async () => {
    await page.goto(`${server.origin}/table.html`);
    const main = page.page.mainFrame();
    await page.snapshot();
    await watchPatches(main);
    for (let step = 0; step < 6; step++) {
      await page.snapshot();            // whole: the scratch render came in between
      await edit(main, step);
      const ours = await page.snapshot(); // a patch of the one before
      expect(ours).toBe(await fromScratch(main));
    }
    // Each step: the driver's first call whole, its second patched, the scratch render whole.
    expect(await patched(main)).toEqual(Array.from({ length: 6 }, (_, i) => [i === 0, true, false]).flat());
  });

  it('keep a budget\'s folded text and its basis exact', async () => {
    await page.goto(`${server.origin}/table.html`);
    await page.snapshotWithBasis({ budgetTokens: 600 });
    await edit(page.page.mainFrame(), 1);
    const folded = await page.snapshotWithBasis({ budgetTokens: 600 });
    const whole = await page.snapshot();
    expect(folded.basis).toBe(whole);
    expect(folded.basis).toContain('Edited 1');
    expect(folded.yaml.length).toBeLessThan(folded.basis.length / 4);
    expect(folded.yaml).toBe((await page.snapshotWithBasis({ budgetTokens: 600 })).yaml);
  });

  it('patch a child frame\'s text under its iframe', async () => {
    await page.goto(`${server.origin}/host.html`);
    await page.page.waitForLoadState('load');
    const child = page.page.frames().find(f => f.url().endsWith('/side.html'))!;
    await page.snapshot();
    await watchPatches(child);
    await child.evaluate(() => { document.querySelector('#s150 button')!.textContent = 'Side edited'; });
    const ours = await page.snapshot();
    // Every line of the frame's part, whole and in order.
    const inFrame = ours.split('\n').slice(ours.split('\n').findIndex(l => l.includes('iframe "Side"')) + 1);
    expect(inFrame.every(l => /^ {4,}- (list|listitem|button "Side (\d+|edited)" \[ref=f\d+e\d+\])/.test(l))).toBe(true);
    const names = Array.from({ length: 300 }, (_, i) => (i === 150 ? 'Side edited' : `Side ${i}`));
    expect(inFrame.map(l => /button "([^"]+)"/.exec(l)?.[1]).filter(Boolean)).toEqual(names);
    expect(await patched(child)).toEqual([true]);
  });

  it('start whole in a new document', async () => {
    await page.goto(`${server.origin}/table.html`);
    await page.snapshot();
    await page.goto(`${server.origin}/other.html`);
    const other = await page.snapshot();
    expect(other).toContain('heading "Other page"');
    expect(other).not.toContain('Order 1');
    await page.page.goBack();
    expect(await page.snapshot()).toContain('Order 399');
  });
});
