// A tab's title is read from the browser when it holds the document's own (no call into the
// renderer), and from the document when the browser shows the address of an untitled one.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright';
import { startHarness, type Harness } from './wait-harness.js';
import { AriaPage } from '../../driver/aria-page.js';
import { mayBeMadeFromUrl } from '../../driver/page/browser-title.js';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h?.close(); });

/** Counts the calls of the runtime's title() in the page. */
function spyTitles(): void {
  const w = window as any;
  const api = w.__ariaref;
  if (!api || w.__titleCalls !== undefined) return;
  w.__titleCalls = 0;
  const title = api.title;
  api.title = () => { w.__titleCalls++; return title(); };
}

const titleCalls = (page: Page) => page.evaluate(() => (window as any).__titleCalls as number);

describe('the title of a tab', () => {
  test('is the browser\'s when it is the document\'s own, changes included', async () => {
    const page = await h.open('/tab-title', '<!doctype html><title>  Orders   list </title><h1>Orders</h1>');
    const aria = await AriaPage.attach(page);
    await aria.snapshot();
    await page.evaluate(spyTitles);
    expect(await aria.title()).toBe('Orders list');
    await page.evaluate(() => { document.title = 'Orders (3)'; });
    expect(await aria.title()).toBe('Orders (3)');
    expect(await titleCalls(page)).toBe(0);
    await page.close();
  });

  test('is read from the document when the browser shows its address', async () => {
    const page = await h.open('/tab-untitled', '<!doctype html><h1>No title</h1>');
    const aria = await AriaPage.attach(page);
    await aria.snapshot();
    await page.evaluate(spyTitles);
    expect(await aria.title()).toBe('');
    expect(await titleCalls(page)).toBe(1);
    // A title that starts with the host could be the address too: asked of the document, and kept.
    const host = new URL(page.url()).host;
    await page.evaluate(title => { document.title = title; }, `${host} dashboard`);
    expect(await aria.title()).toBe(`${host} dashboard`);
    expect(await titleCalls(page)).toBe(2);
    await page.close();
  });
});

describe('a title the browser may have made from the URL', () => {
  test.each([
    ['', 'http://127.0.0.1:8080/a'],
    ['127.0.0.1:8080/a/b?q=1#h', 'http://127.0.0.1:8080/a/b?q=1#h'],
    ['localhost:3000', 'http://localhost:3000/'],
    ['localhost:3000/x y/é', 'http://localhost:3000/x%20y/%C3%A9'],
    ['data:text/html,<p>x</p>', 'data:text/html,<p>x</p>'],
    ['about:blank', 'about:blank'],
    ['example.com/docs', 'https://example.com/docs/'],
  ])('%j for %s', (title, url) => {
    expect(mayBeMadeFromUrl(title, url)).toBe(true);
  });

  test.each([
    ['Orders', 'http://127.0.0.1:8080/orders'],
    ['Example Domain', 'https://example.com/'],
    ['docs', 'https://example.com/docs'],
  ])('not %j for %s', (title, url) => {
    expect(mayBeMadeFromUrl(title, url)).toBe(false);
  });
});
