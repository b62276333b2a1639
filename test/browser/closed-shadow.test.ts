// Closed shadow roots in real Chromium: the runtime keeps the roots its init script saw attached
// and walks them like open ones, nested in and around open roots, with slots. Refs resolve inside
// them, find sees them, a click through the driver reaches them, and the incremental snapshot
// notices changes made inside them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, type BrowserContext, type Page } from 'playwright';
import { launchChromium, runtimeContext } from '../support/browser.js';
import { startLoopbackServer, type LoopbackServer } from '../support/server.js';
import { attach, click } from '../../driver/index.js';

let server: LoopbackServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let counter = 0;

// <pay-form> (closed) > <card-field> (open) > <secure-input> (closed), each slotting light content.
const PAGE = `<!doctype html><html><head><title>closed</title></head><body>
<h1>Checkout</h1>
<pay-form id="pay"><span slot="title">Card details</span></pay-form>
<script>
  const secret = new Map();
  customElements.define('secure-input', class extends HTMLElement {
    constructor() {
      super();
      const root = this.attachShadow({ mode: 'closed' });
      root.innerHTML = '<label>Card number <input id="num"></label><slot></slot>';
      secret.set(this, root);
    }
  });
  customElements.define('card-field', class extends HTMLElement {
    constructor() {
      super();
      this.attachShadow({ mode: 'open' }).innerHTML = '<secure-input><em>Visa or Mastercard</em></secure-input>';
    }
  });
  customElements.define('pay-form', class extends HTMLElement {
    constructor() {
      super();
      const root = this.attachShadow({ mode: 'closed' });
      root.innerHTML = '<h2><slot name="title"></slot></h2><card-field></card-field>'
        + '<button id="go">Pay</button><p id="status">Not paid</p>';
      root.getElementById('go').addEventListener('click', () => { root.getElementById('status').textContent = 'Paid'; });
      secret.set(this, root);
    }
  });
  window.__closedRootOf = el => secret.get(el);
</script>
<p id="light-only">After</p>
</body></html>`;

beforeAll(async () => {
  server = await startLoopbackServer();
  browser = await launchChromium();
  context = await runtimeContext(browser);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(html: string): Promise<void> {
  const path = `/c${++counter}`;
  server.route(path, html);
  await page.goto(`${server.origin}${path}`);
}

const yaml = () => page.evaluate(() => (globalThis as any).__ariaref.snapshot({}).yaml as string);

describe('closed shadow roots', () => {
  it('are walked like open ones, slots and nesting included', async () => {
    await open(PAGE);
    const text = await yaml();
    expect(text).toContain('heading "Card details" [level=2]');
    expect(text).toContain('textbox "Card number"');
    expect(text).toContain('Visa or Mastercard');
    expect(text).toContain('button "Pay"');
    expect(text).toContain('Not paid');
    // The page itself still cannot see them: the runtime kept them privately.
    expect(await page.evaluate(() => document.getElementById('pay')!.shadowRoot)).toBeNull();
  });

  it('keep unslotted light children out, as the rendering does', async () => {
    await open(PAGE.replace('<span slot="title">Card details</span>', '<span slot="title">Card details</span><b>orphan</b>'));
    const text = await yaml();
    expect(text).not.toContain('orphan');
    expect(text).toContain('heading "Card details" [level=2]');
  });

  it('give refs that resolve inside them and names computed across them', async () => {
    await open(PAGE);
    const text = await yaml();
    const ref = /button "Pay" \[ref=(\w+)\]/.exec(text)?.[1];
    expect(ref).toBeDefined();
    const id = await page.evaluate(r => (globalThis as any).__ariaref.resolve(r).id, ref);
    expect(id).toBe('go');
    const role = await page.evaluate(() => {
      const root = (window as any).__closedRootOf(document.getElementById('pay'));
      const input = (window as any).__closedRootOf(root.querySelector('card-field').shadowRoot.querySelector('secure-input')).getElementById('num');
      return [(globalThis as any).__ariaref.role(input), (globalThis as any).__ariaref.name(input)];
    });
    expect(role).toEqual(['textbox', 'Card number']);
  });

  it('are searched by find and acted on through the driver, and the next snapshot shows the change', async () => {
    await open(PAGE);
    const aria = await attach(page);
    const first = await aria.snapshot();
    expect(first).toContain('Not paid');
    const found = await aria.find({ role: 'button', name: 'Pay' });
    expect(found.matches.map(m => m.name)).toEqual(['Pay']);
    const ref = found.matches[0].ref!;
    await (await aria.locator(ref)).click();
    await page.waitForFunction(() => {
      const root = (window as any).__closedRootOf(document.getElementById('pay'));
      return root.getElementById('status').textContent === 'Paid';
    });
    const after = await aria.snapshot();
    expect(after).toContain('Paid');
    expect(after).not.toContain('Not paid');
  });

  it('incremental snapshots see changes made inside them', async () => {
    await open(PAGE);
    await yaml();
    await page.evaluate(() => {
      const root = (window as any).__closedRootOf(document.getElementById('pay'));
      root.getElementById('status').textContent = 'Declined';
      root.getElementById('go').setAttribute('aria-label', 'Retry payment');
    });
    const incremental = await yaml();
    const full = await page.evaluate(() => (globalThis as any).__ariaref.snapshot({ incremental: false }).yaml as string);
    expect(incremental).toBe(full);
    expect(incremental).toContain('Declined');
    expect(incremental).toContain('button "Retry payment"');
  });

  it('are hit-tested, focused and slotted like open ones: the engine clicks inside, focus and slotted text show', async () => {
    await open(PAGE);
    const aria = await attach(page);
    const ref = /button "Pay" \[ref=(e\d+)\]/.exec(await aria.snapshot())![1]!;
    // The engine's covering check looks into the closed root: the button is not "covered by pay-form".
    const report = await click(aria, ref);
    expect(report.outcome).not.toBe('unavailable');
    const after = await aria.snapshot();
    expect(after).toContain('Paid');
    expect(after).toMatch(/button "Pay" \[active\] \[ref=/);
    // A slotted light child of a closed host changes: the incremental snapshot sees it.
    await yaml();
    await page.evaluate(() => { document.querySelector('[slot="title"]')!.textContent = 'Card on file'; });
    const incremental = await yaml();
    const full = await page.evaluate(() => (globalThis as any).__ariaref.snapshot({ incremental: false }).yaml as string);
    expect(incremental).toBe(full);
    expect(incremental).toContain('Card on file');
  });
});
