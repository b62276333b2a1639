// Page code cannot break the runtime: built-ins replaced after load, look-alike properties,
// throwing getters, in the page and in same- and cross-origin iframes. The snapshot must match
// the one of an untouched page; find, refs and a later navigation must keep working. (The
// driver calls the runtime through the DevTools protocol, since Playwright's own main-world
// helper is built from the page's built-ins and breaks on such pages.)
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchTestBrowser, refOf, startServer, type TestServer } from './driver-harness.js';
import type { AriaBrowser, AriaPage } from '../../driver/index.js';
import { click, type } from '../../driver/actions/index.js';
import { BUILTIN_REPLACEMENTS, sabotageScript } from '../support/hostile.js';

const body = `<h1>Shop</h1><label>Email <input value="a@b.c"></label>
<button>Save</button><ul><li>One</li><li>Two</li></ul><a href="/x">Next</a>`;
const frameBody = (label: string) => `<h2>${label}</h2><button>Pay ${label}</button><ul><li>Item</li></ul>`;

/**
 * The shared replacements, plus two traps only snapshots meet: a throwing `title` getter and a
 * fake `__ariaref_shadow`, set while Object.defineProperty still works.
 */
const replacements = [...BUILTIN_REPLACEMENTS];
replacements.splice(replacements.indexOf('Object.defineProperty = broken;'), 0,
  "Object.defineProperty(HTMLElement.prototype, 'title', { get() { throw new Error('title trap'); }, configurable: true });",
  'window.__ariaref_shadow = { snapshot: broken };');
const sabotage = sabotageScript(replacements);

const attribute = (html: string) => html.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

let server: TestServer;
let browser: AriaBrowser;

beforeAll(async () => {
  server = await startServer();
  const page = (frame: (name: string) => string, extra: string) => `<!doctype html>${body}
<iframe src="/${frame('same')}" title="Same"></iframe>
<iframe src="${server.crossOrigin}/${frame('cross')}" title="Cross"></iframe>
<iframe srcdoc="${attribute(`<h3>Left</h3>${extra}`)}"></iframe><iframe srcdoc="${attribute(`<h3>Right</h3>${extra}`)}"></iframe>${extra}`;
  server.route('/plain', page(name => `plain-${name}`, ''));
  server.route('/hostile', page(name => `hostile-${name}`, sabotage));
  for (const name of ['same', 'cross']) {
    server.route(`/plain-${name}`, `<!doctype html>${frameBody(name)}`);
    server.route(`/hostile-${name}`, `<!doctype html>${frameBody(name)}${sabotage}`);
  }
  server.route('/after', '<!doctype html><h1>After</h1><button>Fine</button>');
  server.route('/titled', `<!doctype html><title>Real title</title><h1>Titled</h1><script>
    Object.defineProperty(Document.prototype, 'title', { get() { return 'fake'; }, configurable: true });
  </script>${sabotage}`);
  browser = await launchTestBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(path: string): Promise<AriaPage> {
  const page = await browser.newPage();
  await page.page.goto(`${server.origin}${path}`);
  // Both iframes loaded (the main load event waits for them).
  return page;
}

test('a page that replaces built-ins after load still gets the same snapshot, in every frame', async () => {
  const plain = await open('/plain');
  const expected = await plain.snapshot();
  expect(expected).toContain('button "Save"');
  expect(expected).toContain('button "Pay same"');
  expect(expected).toContain('button "Pay cross"');
  // Two srcdoc frames share url and name: each must still show its own document, in order.
  expect(expected.indexOf('heading "Left"')).toBeGreaterThan(expected.indexOf('button "Pay cross"'));
  expect(expected.indexOf('heading "Right"')).toBeGreaterThan(expected.indexOf('heading "Left"'));

  const hostile = await open('/hostile');
  // The sabotage really ran, in every frame: Playwright's own evaluate no longer works.
  for (const frame of hostile.page.frames())
    await expect(frame.evaluate(() => 1)).rejects.toThrow();
  const snapshot = await hostile.snapshot();
  expect(snapshot).toBe(expected);
  expect(await hostile.snapshot({ rootRef: refOf(snapshot, 'button "Pay cross"') })).toMatch(/^- button "Pay cross" \[ref=f\d+e\d+\]$/);
  const tree = await hostile.snapshotTree();
  expect(tree).toEqual(await plain.snapshotTree());
  // Boxes of elements inside iframes are offset by the iframe's place, measured without page script.
  const boxed = await hostile.snapshot({ boxes: true });
  expect(boxed).toMatch(/button "Pay cross" \[ref=f\d+e\d+\] \[box=[\d.]+,[\d.]+,[\d.]+,[\d.]+\]/);
  expect(boxed).toBe(await plain.snapshot({ boxes: true }));
});

test('find and refs work on such a page, and its replacements stay in place', async () => {
  const hostile = await open('/hostile');
  const snapshot = await hostile.snapshot();
  const found = await hostile.find({ role: 'button' });
  expect(found.skipped).toEqual([]);
  expect(found.matches.map(match => match.name)).toEqual(['Save', 'Pay same', 'Pay cross']);
  for (const match of found.matches) expect(snapshot).toContain(`[ref=${match.ref}]`);
  expect(found.matches[2]!.path).toMatch(/^iframe \(f\d+\) > /);

  // Refs resolve to the right element: a subtree snapshot of each ref is that element.
  for (const match of found.matches)
    expect(await hostile.snapshot({ rootRef: match.ref })).toBe(`- ${match.line}`);
  // An unknown ref still fails with the runtime's own message.
  await expect(hostile.snapshot({ rootRef: 'e999' })).rejects.toThrow(/e999/);

  // The page still sees its own replacements (the runtime swapped the originals back after each call).
  const session = await hostile.page.context().newCDPSession(hostile.page);
  const { result } = await session.send('Runtime.evaluate', {
    expression: 'Element.prototype.getAttribute.toString().includes("hijacked") && !String(window.Map).includes("native")',
    returnByValue: true,
  });
  expect(result.value).toBe(true);
  await session.detach();
});

test('actions on refs work on such a page (hostile-actions.test.ts tries each built-in)', async () => {
  const hostile = await open('/hostile');
  const snapshot = await hostile.snapshot();
  await click(hostile, refOf(snapshot, 'button "Save"'), { timeoutMs: 3_000 });
  await type(hostile, refOf(snapshot, 'textbox "Email"'), 'x@y.z', { timeoutMs: 3_000 });
  const session = await hostile.page.context().newCDPSession(hostile.page);
  const { result } = await session.send('Runtime.evaluate', { expression: 'document.querySelector("input").value', returnByValue: true });
  expect(result.value).toBe('x@y.z');
  await session.detach();
});

test('a navigation away from such a page and a new snapshot work', async () => {
  const hostile = await open('/hostile');
  await hostile.snapshot();
  await hostile.page.goto(`${server.origin}/after`);
  const after = await hostile.snapshot();
  expect(after).toContain('heading "After"');
  expect(after).toContain('button "Fine"');
  const found = await hostile.find({ text: 'Fine' });
  expect(found.matches.map(match => match.line)).toEqual([`button "Fine" [ref=${refOf(after, 'button "Fine"')}]`]);
});

/** A snapshot, then a change made by the page's own code (its replacements in place), then the snapshot after it. */
async function snapshotAfterChange(page: AriaPage): Promise<string> {
  await page.snapshot();
  const session = await page.page.context().newCDPSession(page.page);
  await session.send('Runtime.evaluate', {
    expression: `document.querySelector('li').textContent = 'Changed';
      document.querySelector('ul').insertAdjacentHTML('beforeend', '<li>Added</li>');
      document.querySelector('button').setAttribute('aria-label', 'Store');`,
  });
  await session.detach();
  return page.snapshot();
}

test('a snapshot after the page changed shows the change: the mutation records reach the incremental snapshot', async () => {
  const after = await snapshotAfterChange(await open('/hostile'));
  expect(after).toMatch(/listitem[^\n]*: Changed\n[^\n]*listitem[^\n]*: Two\n[^\n]*listitem[^\n]*: Added/);
  expect(after).toContain('button "Store"');
  expect(after).not.toContain('One');
  expect(after).toBe(await snapshotAfterChange(await open('/plain')));
});

test('the title is the document\'s own, whatever getter the page put in its place', async () => {
  const page = await open('/titled');
  expect(await page.page.evaluate(() => document.title).catch(() => 'evaluate broken')).not.toBe('Real title');
  expect(await page.title()).toBe('Real title');
  await page.page.close();
});
