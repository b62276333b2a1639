// The runtime comes in two parts (injected/early.ts): every document gets the small early part
// before its scripts run, and the rest on its first call. What that must keep: a document the
// driver never calls holds only the early part; the first call (a snapshot, which reaches the
// child frames too) installs the rest where it goes; each new document starts over; and a page
// that replaced built-ins before the first call still gets the browser's own ones in the runtime.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Frame } from 'playwright';
import { launchTestBrowser, startServer, type TestServer } from './driver-harness.js';
import type { AriaBrowser, AriaPage } from '../../driver/index.js';

let server: TestServer;
let browser: AriaBrowser;
let page: AriaPage;

const parts = (frame: Frame) => frame.evaluate(() => ({
  early: typeof (globalThis as any).__ariarefEarly === 'object',
  full: typeof (globalThis as any).__ariaref === 'object',
}));

beforeAll(async () => {
  server = await startServer();
  server.route('/child', '<!doctype html><button>Inside</button>');
  server.route('/parent', '<!doctype html><h1>Parent</h1><iframe src="/child" title="Child"></iframe>');
  server.route('/other', '<!doctype html><h1>Other</h1>');
  server.route('/hijacked', `<!doctype html><script>
    Element.prototype.getAttribute = function () { return 'hijacked'; };
    Array.prototype.push = function () { throw new Error('no push'); };
  </script><a href="/x" aria-label="Real name">Link</a>`);
  browser = await launchTestBrowser();
  page = await browser.newPage();
}, 30_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('gives a document only the early part until its first call, and the rest with it', async () => {
  await page.page.goto(`${server.origin}/parent`);
  await page.page.frames()[1].waitForLoadState('load');
  const [main, child] = page.page.frames();
  expect(await parts(main)).toEqual({ early: true, full: false });
  expect(await parts(child)).toEqual({ early: true, full: false });
  const snapshot = await page.snapshot();
  expect(snapshot).toContain('button "Inside"');
  expect(await parts(main)).toEqual({ early: true, full: true });
  expect(await parts(child)).toEqual({ early: true, full: true });
  await page.page.goto(`${server.origin}/other`);
  expect(await parts(page.page.mainFrame())).toEqual({ early: true, full: false });
});

it('installs the rest with the browser\'s own built-ins, though the page replaced them before', async () => {
  // The full part arrives with this first call, after the page's script (the test above shows a
  // document holds only the early part until then; Playwright's evaluate cannot ask here, its
  // helper breaks on the replaced push).
  await page.page.goto(`${server.origin}/hijacked`);
  const snapshot = await page.snapshot();
  expect(snapshot).toContain('link "Real name"');
});
