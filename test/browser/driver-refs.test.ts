// Refs to locators: wrong refs fail fast with the runtime's words, refs from before a
// navigation name it, new tabs are recorded, and covered click targets name the cover.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainInterceptedClick, type AriaBrowser, type AriaPage } from '../../driver/index.js';
import { launchTestBrowser, refOf, startServer, type TestServer } from './driver-harness.js';

let server: TestServer;
let browser: AriaBrowser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchTestBrowser();
  server.route('/next.html', '<h1>Next page</h1>');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(path: string, html: string): Promise<AriaPage> {
  server.route(path, html);
  const page = await browser.newPage();
  await page.page.goto(server.origin + path);
  return page;
}

async function errorOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(() => 'no error', (error: Error) => error.message);
}

describe('ref validation', () => {
  it('an unknown ref fails at once with the runtime\'s message', async () => {
    const page = await open('/unknown.html', '<button>Save</button>');
    await page.snapshot();
    const runtimeText = await page.page.evaluate(() => (globalThis as any).__ariaref.checkRef('e999').error as string);
    const started = Date.now();
    expect(await errorOf(page.locator('e999'))).toBe(runtimeText);
    // The sync locator (fixture) fails on use, long before the 20s action timeout.
    expect(await errorOf(page.ref('e999').click({ timeout: 20_000 }))).toContain(runtimeText);
    expect(Date.now() - started).toBeLessThan(15_000);
    await page.page.close();
  });

  it('a removed element fails at once with the runtime\'s message', async () => {
    const page = await open('/removed.html', '<button onclick="this.remove()">Vanish</button>');
    const ref = refOf(await page.snapshot(), 'button "Vanish"');
    await (await page.locator(ref)).click();
    const runtimeText = await page.page.evaluate(r => (globalThis as any).__ariaref.checkRef(r).error as string, ref);
    expect(runtimeText).toBeTruthy();
    expect(await errorOf(page.locator(ref))).toBe(runtimeText);
    await page.page.close();
  });

  it('accepts a Playwright selector where a ref is expected', async () => {
    const page = await open('/selector.html', '<button>Save</button>');
    const locator = await page.locator('role=button[name="Save"]');
    expect(await locator.textContent()).toBe('Save');
    await page.page.close();
  });

  it('a click that navigates makes old refs fail with the navigation', async () => {
    const page = await open('/from.html', '<a href="/next.html">Go</a><button>Stay</button>');
    const snapshot = await page.snapshot();
    page.events.drain();
    await (await page.locator(refOf(snapshot, 'link "Go"'))).click();
    await page.page.waitForURL('**/next.html');
    expect(page.events.drain()).toContainEqual(expect.objectContaining({ type: 'navigation', frame: 'main', url: `${server.origin}/next.html` }));
    const stay = refOf(snapshot, 'button "Stay"');
    expect(await errorOf(page.locator(stay))).toBe(
      `Ref ${stay} belonged to ${server.origin}/from.html before the page navigated to ${server.origin}/next.html. Take a new snapshot.`);
    // The new document continues the numbering: no ref of the old page is reused.
    const next = refOf(await page.snapshot(), 'heading "Next page"');
    expect(Number(next.slice(1))).toBeGreaterThan(Number(stay.slice(1)));
    await page.page.close();
  });

  it('a ref of a frame dropped by a page navigation names the navigation', async () => {
    server.route('/inner.html', '<button>Inner</button>');
    const page = await open('/outer.html', '<iframe src="/inner.html"></iframe>');
    const inner = refOf(await page.snapshot(), 'button "Inner"');
    await page.page.goto(`${server.origin}/next.html`);
    expect(await errorOf(page.locator(inner))).toBe(
      `Ref ${inner} belonged to ${server.origin}/inner.html before the page navigated to ${server.origin}/next.html. Take a new snapshot.`);
    await page.page.close();
  });
});

describe('events and covered targets', () => {
  it('target=_blank opens a tab that is recorded as an event', async () => {
    const page = await open('/blank.html', '<a href="/next.html" target="_blank">New tab</a>');
    page.events.drain();
    const popup = page.page.waitForEvent('popup');
    await (await page.locator(refOf(await page.snapshot(), 'link "New tab"'))).click();
    await (await popup).waitForLoadState();
    await expect.poll(() => page.events.peek().some(e => e.type === 'tab-opened')).toBe(true);
    const opened = page.events.drain().find(e => e.type === 'tab-opened')!;
    expect(opened.url).toBe(`${server.origin}/next.html`);
    expect(opened.type === 'tab-opened' && opened.opener).toBe(page.page);
    const tabs = await browser.pages();
    const popupTab = tabs.find(t => t.url() === `${server.origin}/next.html`);
    // The popup has the runtime (init script of the context) without any extra step.
    expect(await popupTab!.snapshot()).toMatch(/- heading "Next page" \[level=1\] \[ref=e\d+\]/);
    await opened.page.close();
    await page.page.close();
  });

  it('a click on a covered button names the covering element', async () => {
    const page = await open('/covered.html', `<button>Buy</button>
      <div role="dialog" aria-label="Cookie consent" style="position:fixed;inset:0;background:#fff8">
        <p>We use cookies</p><button>Accept</button></div>`);
    const ref = refOf(await page.snapshot(), 'button "Buy"');
    const locator = await page.locator(ref);
    const covered = new RegExp(`^Cannot click ${ref}: it is covered by .*dialog "Cookie consent" \\[ref=e\\d+\\]`);
    // A ref's locator names the cover at once; Playwright's own error is explained the same way.
    expect(await errorOf(locator.click({ timeout: 20_000 }))).toMatch(covered);
    const plain = page.page.getByRole('button', { name: 'Buy' });
    const clickError = await plain.click({ timeout: 1_500 }).then(() => undefined, (e: unknown) => e);
    expect(String(clickError)).toContain('intercepts pointer events');
    const explained = await explainInterceptedClick(page.page, locator, ref, clickError) as Error;
    expect(explained.message).toMatch(covered);
    expect(await page.describeCoveringElement(await page.locator(refOf(await page.snapshot(), 'button "Accept"')))).toBeNull();
    await page.page.close();
  });
});
