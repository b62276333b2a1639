// Uses the built package entry exactly as users import 'ariaref/test'.
import { createServer, type Server } from 'node:http';
import type * as Fixture from '../../driver/fixture.js';
// @ts-ignore: the .d.ts are emitted by `npm run build`/install only; the source module gives the types.
import * as built from '../../dist/driver/fixture.js';

const { test, expect } = built as unknown as typeof Fixture;

let server: Server;
let origin: string;

test.beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader('content-type', 'text/html');
    if (req.url === '/label.html') res.end(`<style>.hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);opacity:0}</style>
      <label><input class="hidden" type="checkbox" id="c"><span>Comments</span></label>
      <label><input class="hidden" type="radio" name="contact" id="r"><span>Email</span></label>`);
    else if (req.url === '/frame.html') res.end('<button onclick="this.textContent=\'Done\'">In frame</button>');
    else res.end(`<h1>Fixture</h1><button onclick="setTimeout(() => document.body.append(Object.assign(document.createElement('p'), {textContent: 'Saved'})), 50)">Save</button><iframe src="/frame.html"></iframe>`);
  });
  await new Promise<void>(done => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await new Promise(done => server.close(done));
});

test('page.snapshot, page.ref and page.settle', async ({ page, browserName }) => {
  expect(browserName).toBe('chromium');
  await page.goto(`${origin}/`);
  const snapshot = await page.snapshot();
  expect(snapshot).toMatch(/- heading "Fixture" \[level=1\] \[ref=e\d+\]/);
  expect(snapshot).toMatch(/- iframe \[ref=e\d+\]:\n {2}- button "In frame" \[ref=f1e\d+\]/);
  const save = /button "Save" \[ref=(e\d+)\]/.exec(snapshot)![1]!;
  await page.ref(save).click();
  // A generous quiet window: the 50ms timer fires well inside it.
  const report = await page.settle({ quietMs: 500 });
  expect(['quiet', 'churn']).toContain(report.outcome);
  expect(await page.snapshot()).toMatch(/- paragraph \[ref=e\d+\]: Saved/);
  const inFrame = /button "In frame" \[ref=(f1e\d+)\]/.exec(snapshot)![1]!;
  await page.ref(inFrame).click();
  await expect(page.frameLocator('iframe').getByRole('button')).toHaveText('Done');
  await expect(page.ref('e999').click({ timeout: 30_000 })).rejects.toThrow(/e999/);
  // page.find searches every frame, with refs that resolve.
  const found = await page.find({ role: 'button', name: 'Done' });
  expect(found.matches).toHaveLength(1);
  expect(found.matches[0]!.ref).toMatch(/^f1e\d+$/);
  expect(found.matches[0]!.path).toContain('iframe (f1)');
});

test('page.ref acts on a control hidden inside its label through the label, as a person would', async ({ page }) => {
  await page.goto(`${origin}/label.html`);
  const snapshot = await page.snapshot();
  const box = /checkbox "Comments" \[ref=(e\d+)\]/.exec(snapshot)![1]!;
  const radio = /radio "Email" \[ref=(e\d+)\]/.exec(snapshot)![1]!;
  await page.ref(box).click();
  await expect(page.locator('#c')).toBeChecked();
  await page.ref(box).uncheck();
  await expect(page.locator('#c')).not.toBeChecked();
  await page.ref(radio).check();
  await expect(page.locator('#r')).toBeChecked();
});
