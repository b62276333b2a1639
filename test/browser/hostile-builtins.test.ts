// Page code cannot break the runtime: built-ins replaced after load, look-alike properties,
// throwing getters. The snapshot must match the one of an untouched page.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchTestBrowser, startServer, type TestServer } from './driver-harness.js';
import type { AriaBrowser } from '../../driver/index.js';

const body = `<h1>Shop</h1><label>Email <input value="a@b.c"></label>
<button>Save</button><ul><li>One</li><li>Two</li></ul><a href="/x">Next</a>`;

const sabotage = `<script>
  // Not yet: Array.prototype.push / [Symbol.iterator], Map.prototype.get/set and window.Map. The
  // runtime survives them (it swaps the originals back), but Playwright's own main-world result
  // serializer uses them, so page.evaluate itself fails; see issue 8's notes.
  Array.prototype.map = function () { return []; };
  Array.prototype.filter = function () { return []; };
  WeakMap.prototype.get = function () { return undefined; };
  Set.prototype.has = function () { return true; };
  Element.prototype.getAttribute = function () { return 'hijacked'; };
  String.prototype.trim = function () { return 'trimmed!'; };
  JSON.stringify = function () { return '"hijacked"'; };
  // window.MutationObserver is also left out: Playwright's main-world locator code needs it.
  Object.defineProperty(Element.prototype, '_ariaRef', { get() { throw new Error('getter trap'); }, configurable: true });
  Object.defineProperty(HTMLElement.prototype, 'title', { get() { throw new Error('title trap'); }, configurable: true });
</script>`;

let server: TestServer;
let browser: AriaBrowser;

beforeAll(async () => {
  server = await startServer();
  server.route('/plain', `<!doctype html>${body}`);
  server.route('/hostile', `<!doctype html>${body}${sabotage}`);
  browser = await launchTestBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

test('a page that replaces built-ins after load still gets the same snapshot', async () => {
  const plain = await browser.newPage();
  await plain.page.goto(`${server.origin}/plain`);
  const expected = await plain.snapshot();
  expect(expected).toContain('button "Save"');

  const hostile = await browser.newPage();
  await hostile.page.goto(`${server.origin}/hostile`);
  const snapshot = await hostile.snapshot();
  expect(snapshot).toBe(expected);
  // Refs still resolve to the right element, and the page's replacements are back in place.
  const ref = /button "Save" \[ref=(\w+)\]/.exec(snapshot)![1];
  // (Playwright's own main-world selector code does not survive replaced Array methods, so the
  // ref is resolved through the runtime directly.)
  expect(await hostile.page.evaluate(r => (globalThis as any).__ariaref.resolve(r).textContent, ref)).toBe('Save');
  expect(await hostile.page.evaluate(() => String(Element.prototype.getAttribute.call(document.body, 'x')))).toBe('hijacked');
});
