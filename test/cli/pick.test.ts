// browser_pick: the person's click picks an element (and never reaches the page), Escape
// cancels, a timeout says so, and a headless browser is refused. The pick itself is driven here
// with Playwright's mouse on a headless page, as a person's mouse would drive a headed one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSession, servePages, type InProcessSession, type PageServer } from '../mcp/helpers.js';
import { lineAndPath, pickElement } from '../../driver/tools/groups/pick.js';
import type { Tab } from '../../driver/tools/tab.js';

const PAGE = `<title>Shop</title><main><h1>Shop</h1>
  <table aria-label="Orders"><tr><td>Order 42</td><td><button id="buy" onclick="window.clicks++"><span id="inner">Buy</span></button></td></tr></table>
  </main><script>window.clicks = 0</script>`;

let server: PageServer;
let s: InProcessSession;
let tab: Tab;

/** Resolves once every frame listens for the pick. */
async function listening(): Promise<void> {
  await tab.page.waitForFunction(() => typeof (window as any).__ariarefPickCancel === 'function');
}

beforeAll(async () => {
  server = await servePages({ '/shop.html': PAGE });
  s = inProcessSession({ caps: ['devtools'] });
  await s.call('browser_navigate', { url: `${server.origin}/shop.html` });
  tab = await s.session.ensureTab();
});

afterAll(async () => {
  await s?.close();
  await server?.close();
});

describe('browser_pick', () => {
  it('returns the clicked element\'s ref, line and ancestors, and keeps the click from the page', async () => {
    const picking = pickElement(tab, 20_000);
    await listening();
    const box = (await tab.page.locator('#inner').boundingBox())!;
    await tab.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await tab.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const outcome = await picking;
    expect(outcome.kind).toBe('picked');
    if (outcome.kind !== 'picked') return;
    expect(outcome.line).toMatch(/^button "Buy" \[ref=e\d+\]/);
    expect(outcome.path).toMatch(/main > table "Orders" > .*button "Buy" \[ref=e\d+\]/);
    expect(await tab.page.evaluate(() => (window as any).clicks)).toBe(0);
    // The next snapshot marks it.
    expect((await s.call('browser_snapshot')).text).toMatch(/button "Buy" \[picked\] \[ref=e\d+\]/);
    // The ref works: acting on it reaches the button.
    await s.call('browser_click', { target: outcome.ref });
    expect(await tab.page.evaluate(() => (window as any).clicks)).toBe(1);
    // The overlay is gone.
    expect(await tab.page.evaluate(() => document.querySelectorAll('div[aria-hidden="true"]').length)).toBe(0);
  });

  it('is cancelled by Escape and ends at its timeout', async () => {
    const picking = pickElement(tab, 20_000);
    await listening();
    await tab.page.keyboard.press('Escape');
    expect((await picking).kind).toBe('cancelled');
    expect((await pickElement(tab, 1000)).kind).toBe('timeout');
  });

  it('refuses a headless browser and names --headed', async () => {
    const result = await s.call('browser_pick', {});
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/headless\. Restart the server with --headed\./);
  });

  it('reads a ref\'s line and ancestor path from a snapshot', () => {
    const yaml = '- main [ref=e1]:\n  - list [ref=e2]:\n    - listitem [ref=e3]:\n      - link "Home" [ref=e4]\n  - button "Go" [ref=e5]';
    expect(lineAndPath(yaml, 'e4')).toEqual({ line: 'link "Home" [ref=e4]', path: 'main > list > listitem > link "Home" [ref=e4]' });
    expect(lineAndPath(yaml, 'e5')?.path).toBe('main > button "Go" [ref=e5]');
    expect(lineAndPath(yaml, 'e9')).toBeUndefined();
  });
});
