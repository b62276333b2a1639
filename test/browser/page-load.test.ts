// The runtime stays out of the parser's way: it observes the document from DOMContentLoaded on
// (a mutation record per parsed node was most of its page-load cost). What that must not break:
// snapshots while the document is still loading, declarative shadow roots parsed before the
// observer started, and incremental snapshots afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import { type Browser, type BrowserContext, type Page } from 'playwright';
import { launchChromium, runtimeContext } from '../support/browser.js';
import { startLoopbackServer, type LoopbackServer } from '../support/server.js';

let server: LoopbackServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

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

type Snap = { yaml: string; incremental?: { mode: string } };
const snapshot = (incremental?: boolean) =>
  page.evaluate(i => (globalThis as any).__ariaref.snapshot({ debugIncremental: true, ...(i === false ? { incremental: false } : {}) }) as Snap, incremental);

describe('page load', () => {
  it('snapshots a document still being parsed, then tracks changes once it is loaded', async () => {
    let finish: ((res: ServerResponse) => void) | undefined;
    const held = new Promise<ServerResponse>(resolve => { finish = resolve; });
    server.route('/stream', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      // Enough bytes that the parser runs the first part before the rest arrives.
      res.write(`<!doctype html><html><head><title>s</title></head><body><h1>Early</h1><p>${'x '.repeat(4096)}</p>`);
      finish!(res);
    });
    const navigation = page.goto(`${server.origin}/stream`, { waitUntil: 'commit' });
    const res = await held;
    await navigation;
    await page.waitForFunction(() => document.readyState === 'loading' && !!document.querySelector('h1'));
    const early = await snapshot();
    expect(early.yaml).toContain('heading "Early"');
    expect(early.incremental?.mode).toBe('off'); // changes are not tracked while the parser runs
    res.end('<button id="late">Late</button></body></html>');
    await page.waitForLoadState('load');
    const first = await snapshot();
    expect(first.yaml).toContain('button "Late"');
    await page.evaluate(() => { document.getElementById('late')!.textContent = 'Later'; });
    const second = await snapshot();
    expect(second.yaml).toContain('button "Later"');
    expect(second.incremental?.mode).toBe('partial');
    expect(second.yaml).toBe((await snapshot(false)).yaml);
  });

  it('observes declarative shadow roots the parser attached', async () => {
    server.route('/dsd', `<!doctype html><html><head><title>d</title></head><body>
      <div id="host"><template shadowrootmode="open"><p id="inner">Before</p><button>Inside</button></template></div></body></html>`);
    await page.goto(`${server.origin}/dsd`);
    expect((await snapshot()).yaml).toContain('Before');
    await page.evaluate(() => { document.getElementById('host')!.shadowRoot!.getElementById('inner')!.textContent = 'After'; });
    const next = await snapshot();
    expect(next.yaml).toContain('After');
    expect(next.yaml).toBe((await snapshot(false)).yaml);
  });

  it('observes shadow roots that scripts attached while the document was parsed', async () => {
    server.route('/script-shadow', `<!doctype html><html><head><title>s</title></head><body><div id="host"></div>
      <script>document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML = '<p id="inner">Before</p>';</script>
      <p>after the script</p></body></html>`);
    await page.goto(`${server.origin}/script-shadow`);
    expect((await snapshot()).yaml).toContain('Before');
    await page.evaluate(() => { document.getElementById('host')!.shadowRoot!.getElementById('inner')!.textContent = 'After'; });
    const next = await snapshot();
    expect(next.yaml).toContain('After');
    expect(next.yaml).toBe((await snapshot(false)).yaml);
  });

  it('sees a page change while it loads as activity, not as a settled page', async () => {
    // The rest of the document is held until the settle has begun, then sent 600 ms later (four
    // quiet windows): on a slow machine a timer started with the request could end the document
    // before the test sees it loading.
    let finish!: () => void;
    server.route('/slow', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write(`<!doctype html><html><head><title>w</title></head><body><p>${'y '.repeat(4096)}</p>`);
      finish = () => res.end('<p>done</p></body></html>');
    });
    await page.goto(`${server.origin}/slow`, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.readyState === 'loading' && !!document.body);
    const settling = page.evaluate(() => (globalThis as any).__ariaref.settle({ quietMs: 150, timeoutMs: 5000 }));
    const ending = setTimeout(() => finish(), 600);
    const report = await settling.finally(() => clearTimeout(ending));
    // Still parsing after 150 ms of quiet would be a lie: settle waits for the document to stop changing.
    expect(await page.evaluate(() => document.readyState)).not.toBe('loading');
    expect(report.mutations).toBeGreaterThan(0);
  });
});
