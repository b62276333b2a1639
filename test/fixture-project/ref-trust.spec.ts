// The fixture keeps the ref contract: page.ref(e).click() acts on the element of the snapshot or
// fails at once with the cause (30 s action timeouts in a 10 s test: only the fast path passes),
// and expect(page.ref(e)).toBeHidden() still asserts that an element went away.
import { createServer, type Server } from 'node:http';
import type * as Fixture from '../../driver/fixture.js';
// @ts-ignore: the .d.ts are emitted by `npm run build`/install only; the source module gives the types.
import * as built from '../../dist/driver/fixture.js';

const { test, expect } = built as unknown as typeof Fixture;

const pages: Record<string, string> = {
  '/': `<p id="out">none</p><button id="eph">Ephemeral</button><button id="save">Save</button>
    <div id="wizard-step-2"><button>Next</button></div><button id="swap" onclick="out.textContent = 'clicked'">Swap</button>
    <script>swap.addEventListener('pointermove', () => swap.replaceWith(swap.cloneNode(true)), { once: true });</script>`,
  '/other': '<h1>Other</h1>',
};

let server: Server;
let origin: string;

test.beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html>${pages[req.url ?? '/'] ?? ''}`);
  });
  await new Promise<void>(done => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await new Promise(done => server.close(done));
});

const refOf = (snapshot: string, line: string) => new RegExp(`${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\[ref=(e\\d+)\\]`).exec(snapshot)![1]!;

test('page.ref: removed, renamed, hidden, replaced while acting, old document; toBeHidden still works', async ({ page }) => {
  test.setTimeout(10_000);
  await page.goto(`${origin}/`);
  const snapshot = await page.snapshot();
  const eph = refOf(snapshot, 'button "Ephemeral"');
  await page.evaluate(() => document.getElementById('eph')!.remove());
  await expect(page.ref(eph)).toBeHidden();
  await expect(page.ref(eph).click({ timeout: 30_000 })).rejects.toThrow(
    new RegExp(`Ref ${eph} \\(button "Ephemeral"\\) no longer exists: it was removed after the snapshot of \\d\\d:\\d\\d:\\d\\d`));

  const save = refOf(snapshot, 'button "Save"');
  await page.evaluate(() => { document.getElementById('save')!.textContent = 'Saved'; });
  await expect(page.ref(save).click({ timeout: 30_000 })).rejects.toThrow(`Ref ${save} was button "Save", is now button "Saved"`);

  const next = refOf(snapshot, 'button "Next"');
  await page.evaluate(() => { document.getElementById('wizard-step-2')!.style.display = 'none'; });
  await expect(page.ref(next).click({ timeout: 30_000 })).rejects.toThrow(`Ref ${next} (button "Next") is not visible now (display: none on div#wizard-step-2)`);

  const swap = refOf(snapshot, 'button "Swap"');
  await expect(page.ref(swap).click({ timeout: 30_000 })).rejects.toThrow(`Ref ${swap} (button "Swap") was replaced while acting`);
  await expect(page.locator('#out')).toHaveText('none');

  await page.goto(`${origin}/other`);
  await expect(page.ref(swap).click({ timeout: 30_000 })).rejects.toThrow(`Ref ${swap} belonged to ${origin}/ before the page navigated to ${origin}/other`);
});
