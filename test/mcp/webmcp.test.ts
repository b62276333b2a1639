// WebMCP on real Chromium: a page registers tools through navigator.modelContext (registerTool,
// provideContext), browser_webmcp_list shows them with their schemas, browser_webmcp_call runs
// them in the page; pages without WebMCP, --no-webmcp and hostile pages get clear answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { callWebMCPTool, listWebMCPTools, PageTimeoutError } from '../../driver/index.js';
import { inProcessSession, sectionOf, servePages, type InProcessSession, type PageServer } from './helpers.js';

const frameTool = `<script>navigator.modelContext.registerTool({ name: 'frame_echo', description: 'Echo from the frame', execute: a => 'frame says ' + a.word })</script>`;

const pages: Record<string, string> = {
  '/tools': `<!doctype html><title>Tools</title>
    <p id="count">0</p>
    <script>
      navigator.modelContext.registerTool({
        name: 'add_to_cart', description: 'Add an item to the cart',
        inputSchema: { type: 'object', properties: { item: { type: 'string' }, qty: { type: 'number' } }, required: ['item'] },
        async execute({ item, qty = 1 }) {
          count.textContent = String(Number(count.textContent) + qty);
          return { content: [{ type: 'text', text: 'Added ' + qty + ' ' + item }] };
        },
      });
      navigator.modelContext.provideContext({ tools: [
        { name: 'get_total', description: 'Cart total', annotations: { readOnlyHint: true }, execute: () => 'Total: ' + count.textContent },
        { name: 'explode', description: 'Always fails', execute: () => { throw new Error('out of stock'); } },
        { name: 'refuse', description: 'Reports an error result', execute: () => ({ isError: true, content: [{ type: 'text', text: 'not allowed' }] }) },
        { name: 'never', description: 'Never answers', execute: () => new Promise(() => {}) },
      ] });
      const gone = navigator.modelContext.registerTool({ name: 'temporary', description: 'Removed at once', execute: () => 1 });
      gone.unregister();
    </script>
    <iframe src="/frame"></iframe>`,
  '/frame': `<!doctype html><p>frame</p>${frameTool}`,
  '/plain': `<!doctype html><title>Plain</title><p>No tools here</p>`,
  // Patches the built-ins the collector relies on, and brings its own modelContext polyfill attempt.
  '/hostile': `<!doctype html><title>Hostile</title>
    <script>
      navigator.modelContext.registerTool({ name: 'still_works', description: 'Survives patched built-ins', execute: () => ({ ok: true }) });
      Map.prototype.get = Map.prototype.set = Map.prototype.delete = () => { throw new Error('patched'); };
      Reflect.apply = () => { throw new Error('patched'); };
      Object.freeze(Object.prototype);
      try { navigator.modelContext = 'overwritten'; } catch (e) { document.title = 'threw on assignment'; }
    </script><p>hostile</p>`,
  '/own-polyfill': `<!doctype html><title>Own</title>
    <script>
      Object.defineProperty(navigator, 'modelContext', { configurable: true, value: {
        getTools: () => [{ name: 'native_like', description: 'From the page polyfill', inputSchema: '{"type":"object"}' }],
        executeTool: (tool, args) => Promise.resolve({ echoed: args }),
      } });
      document.title = 'polyfill installed';
    </script>`,
};

let site: PageServer;
let s: InProcessSession;
const page = (): Page => s.session.currentTabOrUndefined()!.page;

async function open(path: string): Promise<void> {
  const r = await s.call('browser_navigate', { url: `${site.origin}${path}` });
  expect(r.isError).toBe(false);
}

beforeAll(async () => {
  site = await servePages(pages);
  s = inProcessSession();
});

afterAll(async () => {
  await s?.close();
  await site?.close();
});

describe('browser_webmcp_list', () => {
  it('lists the page tools with schemas and hints, frame tools with their frame', async () => {
    await open('/tools');
    await page().frames()[1]!.waitForFunction(() => (navigator as any).modelContext.getTools().length > 0);
    const r = await s.call('browser_webmcp_list');
    expect(r.isError).toBe(false);
    const text = sectionOf(r.text, 'Result');
    expect(text).toContain('Found 6 WebMCP tool(s). Tool names, descriptions and schemas are page-provided and untrusted.');
    expect(text).toContain('- add_to_cart: Add an item to the cart\n  - inputSchema: {"type":"object","properties":{"item":{"type":"string"},"qty":{"type":"number"}},"required":["item"]}');
    expect(text).toContain('- get_total [readOnly]: Cart total');
    expect(text).toContain(`- frame_echo: Echo from the frame\n  - frame: ${site.origin}/frame`);
    expect(text).not.toContain('temporary');
  });

  it('says so on a page without WebMCP tools', async () => {
    await open('/plain');
    const r = await s.call('browser_webmcp_list');
    expect(r.isError).toBe(false);
    expect(r.text).toContain('No WebMCP tools registered on the page.');
    const call = await s.call('browser_webmcp_call', { name: 'add_to_cart' });
    expect(call.isError).toBe(true);
    expect(call.text).toContain('No WebMCP tool named "add_to_cart". The page does not register any WebMCP tools.');
  });
});

describe('browser_webmcp_call', () => {
  it('runs a tool in the page and returns its result', async () => {
    await open('/tools');
    const r = await s.call('browser_webmcp_call', { name: 'add_to_cart', params: { item: 'apple', qty: 2 } });
    expect(r.isError).toBe(false);
    expect(r.text).toContain(`Called WebMCP tool "add_to_cart" in ${site.origin}/tools. Output is page-provided and untrusted:`);
    expect(r.text).toContain('"text": "Added 2 apple"');
    expect(await page().locator('#count').textContent()).toBe('2');
    const total = await s.call('browser_webmcp_call', { name: 'get_total' });
    expect(total.text).toContain('untrusted:\nTotal: 2');
  });

  it('calls a frame tool, by name or with its frame', async () => {
    await page().frames()[1]!.waitForFunction(() => (navigator as any).modelContext.getTools().length > 0);
    const r = await s.call('browser_webmcp_call', { name: 'frame_echo', params: { word: 'hi' }, frame: `${site.origin}/frame` });
    expect(r.isError).toBe(false);
    expect(r.text).toContain(`in ${site.origin}/frame. Output is page-provided and untrusted:\nframe says hi`);
    const elsewhere = await s.call('browser_webmcp_call', { name: 'frame_echo', frame: `${site.origin}/tools` });
    expect(elsewhere.isError).toBe(true);
    expect(elsewhere.text).toContain(`No WebMCP tool named "frame_echo" in frame ${site.origin}/tools. Available tools: add_to_cart, get_total`);
  });

  it('reports a throwing tool, an error result and an unknown name as errors', async () => {
    const thrown = await s.call('browser_webmcp_call', { name: 'explode' });
    expect(thrown.isError).toBe(true);
    expect(thrown.text).toContain('out of stock');
    const refused = await s.call('browser_webmcp_call', { name: 'refuse' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('"text": "not allowed"');
  });

  it('bounds a tool that never answers (library)', async () => {
    const tools = await listWebMCPTools(page());
    const never = tools.find(t => t.name === 'never')!;
    await expect(callWebMCPTool(never.frame, 'never', {}, 300)).rejects.toBeInstanceOf(PageTimeoutError);
    // The page still answers afterwards.
    expect(await page().locator('#count').textContent()).toBe('2');
  });
});

describe('pages that fight back', () => {
  it('survives patched built-ins and an overwrite attempt', async () => {
    await open('/hostile');
    expect(await page().title()).toBe('Hostile');
    const r = await s.call('browser_webmcp_call', { name: 'still_works' });
    expect(r.isError).toBe(false);
    expect(r.text).toContain('"ok": true');
  });

  it('uses a modelContext the page provides itself', async () => {
    await open('/own-polyfill');
    expect(await page().title()).toBe('polyfill installed');
    expect((await s.call('browser_webmcp_list')).text).toContain('- native_like: From the page polyfill\n  - inputSchema: {"type":"object"}');
    const r = await s.call('browser_webmcp_call', { name: 'native_like', params: { a: 1 } });
    expect(r.text).toContain('"echoed": {\n    "a": 1\n  }');
  });
});

describe('--no-webmcp', () => {
  it('installs nothing in the page, and the tools say how to turn it on', async () => {
    const off = inProcessSession({ webmcp: false });
    try {
      await off.call('browser_navigate', { url: `${site.origin}/plain` });
      expect(await off.session.currentTabOrUndefined()!.page.evaluate(() => 'modelContext' in navigator)).toBe(false);
      const r = await off.call('browser_webmcp_list');
      expect(r.isError).toBe(true);
      expect(r.text).toContain('WebMCP is switched off (--no-webmcp)');
      expect(r.text).toContain('Restart the server without --no-webmcp');
    } finally {
      await off.close();
    }
  });
});
