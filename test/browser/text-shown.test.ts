// browser_wait_for asks our runtime which text is shown (injected/wait/text-shown.ts). It must mean
// what Playwright's getByText(text).filter({ visible: true }) means, which Playwright MCP uses: the
// same page and query, both asked, must agree, on the cases where a text search can go wrong.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright';
import { startHarness, type Harness } from './wait-harness.js';

let h: Harness;
let page: Page;

const PAGE = `<!doctype html><html><head><title>Head title words</title>
<style>.gone { display: none } .ghost { visibility: hidden } .flat { width: 0; height: 0; overflow: hidden; display: block }</style></head>
<body>
  <p>Hello <b>brave</b>   new
     world</p>
  <p>Visible start <span class="gone">hidden middle</span> visible end</p>
  <div class="ghost">Ghost words</div>
  <div class="flat">Flat words</div>
  <div style="display: contents"><span>Contents child words</span></div>
  <script>var scriptWords = 'Script words';</script>
  <noscript>Noscript words</noscript>
  <input type="submit" value="Send the form"> <input type="text" value="Typed value words">
  <button>Button <i>label</i></button>
  <p>Zero&#8203;width joined</p>
  <p>CASE Mixed Words</p>
  <div id="open-host"></div>
  <div id="closed-host"><span>light child</span></div>
  <ul><li>First item</li><li>Second item</li></ul>
  <details><summary>Summary words</summary><p>Folded detail words</p></details>
  <script>
    document.getElementById('open-host').attachShadow({ mode: 'open' }).innerHTML = '<p>Open shadow words</p>';
    const closed = document.getElementById('closed-host').attachShadow({ mode: 'closed' });
    closed.innerHTML = '<p>Closed shadow words</p><slot></slot>';
  </script>
</body></html>`;

const QUERIES = [
  'hello brave new world', 'Hello brave', 'brave new', 'BRAVE   NEW WORLD', 'world', 'hello world',
  'Visible start', 'hidden middle', 'visible end', 'start hidden', 'Ghost words', 'Flat words',
  'Contents child words', 'Script words', 'Noscript words', 'Send the form', 'Typed value words',
  'Button label', 'Zerowidth joined', 'case mixed words', 'Open shadow words',
  'light child', 'First itemSecond item', 'First item', 'Summary words', 'Folded detail words',
  'Head title words', 'nowhere on the page',
];

beforeAll(async () => {
  h = await startHarness();
  page = await h.open('/text', PAGE);
});
afterAll(async () => { await h?.close(); });

async function ours(texts: string[]): Promise<number> {
  return page.evaluate(t => (globalThis as any).__ariaref.firstTextShown(t), texts);
}

async function playwrights(text: string): Promise<boolean> {
  return (await page.getByText(text).filter({ visible: true }).count()) > 0;
}

describe('which text the page shows', () => {
  test.each(QUERIES)('%s: the same answer as Playwright', async query => {
    expect((await ours([query])) === 0).toBe(await playwrights(query));
  });

  test('a closed shadow root\'s text counts, which Playwright cannot see', async () => {
    expect(await playwrights('Closed shadow words')).toBe(false);
    expect(await ours(['Closed shadow words'])).toBe(0);
  });

  test('the first of several that is shown, or -1', async () => {
    expect(await ours(['Ghost words', 'nowhere', 'Open shadow words', 'world'])).toBe(2);
    expect(await ours(['Ghost words', 'hidden middle'])).toBe(-1);
    expect(await ours(['', '   '])).toBe(-1);
  });

  test('a text that shows up later, and one hidden later', async () => {
    await page.evaluate(() => { document.body.insertAdjacentHTML('beforeend', '<p id="late">Late words</p>'); });
    expect(await ours(['Late words'])).toBe(0);
    await page.evaluate(() => { document.getElementById('late')!.style.display = 'none'; });
    expect(await ours(['Late words'])).toBe(-1);
  });
});
