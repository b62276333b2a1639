// Collectors against real Chromium and pages served from 127.0.0.1: console and network
// buckets per navigation, modal states, downloads.
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { attachCollectors, attachToContext, changesSince, mark, sanitizeFileName, type PageCollectors } from '../../driver/collectors/index.js';
import { formatAnsweredDialog, formatChanges } from '../../driver/tools/format/events.js';
import { listConsoleMessages, showConsoleMessage } from '../../driver/tools/format/console.js';
import { listNetworkRequests, showNetworkRequest } from '../../driver/tools/format/network.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const html = (body: string): Handler => (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><body>${body}</body></html>`);
};

const routes: Record<string, Handler> = {
  '/log': (req, res) => {
    const n = new URL(req.url!, 'http://x').searchParams.get('n');
    html(`<p>page ${n}</p><script>console.log('page ${n} first'); console.warn('page ${n} warn'); for (let i = 0; i < 3; i++) console.log('repeat ${n}');</script>`)(req, res);
  },
  '/throw': html(`<script>function explode() { throw new Error('kaboom on load'); } explode();</script>`),
  '/reject': html(`<script>async function later() { throw new Error('rejected promise'); } later();</script>`),
  '/redirect': (_req, res) => { res.writeHead(302, { location: '/log?n=redirected' }); res.end(); },
  '/nocontent': (_req, res) => { res.writeHead(204); res.end(); },
  '/json': (req, res) => {
    let body = '';
    req.on('data', chunk => { body += chunk; });
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'secret=hunter2' });
      res.end(JSON.stringify({ echoed: body }));
    });
  },
  '/big': (_req, res) => { res.writeHead(200, { 'content-type': 'text/plain' }); res.end('x'.repeat(150_000)); },
  '/n': (_req, res) => { res.writeHead(200, { 'content-type': 'text/plain' }); res.end('ok'); },
  // 1500 requests in batches of 50: all at once can exhaust the browser's socket pool.
  '/many': html(`<script>window.done = (async () => {
    for (let start = 0; start < 1500; start += 50)
      await Promise.all(Array.from({ length: 50 }, (_, i) => fetch('/n?i=' + (start + i)).then(r => r.text(), () => '')));
  })();</script>`),
  '/alert': html(`<p>before</p><script>alert('loading alert')</script><p>after</p>`),
  '/confirm': html(`<button onclick="document.body.dataset.answer = String(confirm('Sure?'))">Go</button><button id=p onclick="document.body.dataset.answer = prompt('Name?', 'def')">Ask</button>`),
  '/file': html(`<input type=file id=f>`),
  '/dl': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename="..%2F..%2Fevil:name?.txt"' });
    res.end('downloaded bytes');
  },
  '/dl-link': html(`<a id=l href="/dl">get</a>`),
  '/popup': html(`<script>console.log('popup says hi')</script>`),
};

let server: Server;
let origin: string;
let closedPort: number;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let outputDir: string;

async function listen(s: Server): Promise<number> {
  await new Promise<void>(done => s.listen(0, '127.0.0.1', done));
  const address = s.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const handler = routes[new URL(req.url!, 'http://x').pathname];
    if (handler) handler(req, res);
    else { res.writeHead(404); res.end('not found'); }
  });
  origin = `http://127.0.0.1:${await listen(server)}`;
  // A port that was just free: connecting to it is refused.
  const probe = createServer();
  closedPort = await listen(probe);
  await new Promise<void>(done => probe.close(() => done()));
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>(done => server?.close(() => done()));
});

let collectors: PageCollectors;

beforeEach(async () => {
  outputDir = mkdtempSync(join(tmpdir(), 'ariaref-collectors-'));
  context = await browser.newContext();
  page = await context.newPage();
  collectors = attachCollectors(page, { outputDir });
});

afterEach(async () => {
  await context.close();
  rmSync(outputDir, { recursive: true, force: true });
});

const texts = (c: PageCollectors, includeEarlier = false) =>
  c.console.list({ level: 'debug', includeEarlier }).flatMap(group => group.items.map(item => item.text));

describe('console', () => {
  it('keeps messages per document with stable ids, counts repeats, and keeps three documents', async () => {
    await page.goto(`${origin}/log?n=1`);
    const first = collectors.console.list().flatMap(g => g.items);
    expect(first.map(m => m.text)).toEqual(['page 1 first', 'page 1 warn', 'repeat 1']);
    expect(first[2].count).toBe(3);
    const firstId = first[0].id;

    // A same-document navigation is not a new bucket.
    await page.evaluate(() => { history.pushState({}, '', '/spa'); console.log('after pushState'); });
    await page.evaluate(() => { location.hash = 'x'; console.log('after hash'); });
    expect(texts(collectors)).toContain('after pushState');
    expect(texts(collectors)).toContain('after hash');

    await page.goto(`${origin}/log?n=2`);
    expect(texts(collectors)).toEqual(['page 2 first', 'page 2 warn', 'repeat 2']);
    expect(texts(collectors, true)).toContain('page 1 first');
    const listed = listConsoleMessages(collectors.console, { includeEarlier: true });
    expect(listed).toContain('#### Navigation');
    expect(listed).toContain(`#${firstId} [LOG] page 1 first`);
    expect(listed).toContain('repeat 2 (x3)');
    // Ids do not depend on what is listed: the same id still names the same message.
    expect(showConsoleMessage(collectors.console, firstId)).toContain('page 1 first');
    const warnOnly = listConsoleMessages(collectors.console, { level: 'warning' });
    expect(warnOnly).toContain('page 2 warn');
    expect(warnOnly).not.toContain('page 2 first');

    await page.goto(`${origin}/log?n=3`);
    expect(collectors.console.find(firstId)?.item.text).toBe('page 1 first');
    await page.goto(`${origin}/log?n=4`);
    expect(collectors.console.buckets.all()).toHaveLength(3);
    expect(collectors.console.find(firstId)).toBeUndefined();
    expect(() => showConsoleMessage(collectors.console, firstId)).toThrow(/no longer kept/);
    expect(texts(collectors, true)).toContain('page 2 first');
    expect(texts(collectors, true)).not.toContain('page 1 first');
  });

  it('records an exception thrown on load with its stack', async () => {
    await page.goto(`${origin}/throw`);
    await expect.poll(() => texts(collectors)).toContain('Uncaught Error: kaboom on load');
    const item = collectors.console.list({ level: 'error' })[0].items[0];
    expect(item.source).toBe('error');
    expect(item.stack).toContain('explode');
    expect(showConsoleMessage(collectors.console, item.id)).toContain('Stack:');
    const summary = formatChanges(changesSince(collectors, { console: 0, network: 0, downloads: 0, dialogs: 0 }));
    expect(summary).toEqual([`- [error] #${item.id} Uncaught Error: kaboom on load`]);
  });

  it('records an unhandled promise rejection', async () => {
    await page.goto(`${origin}/reject`);
    await expect.poll(() => texts(collectors)).toContain('Uncaught Error: rejected promise');
    expect(collectors.console.list({ level: 'error' })[0].items[0].stack).toContain('later');
  });
});

describe('network', () => {
  it('puts the navigation request (and its redirect) in the new document, records failures and 204', async () => {
    await page.goto(`${origin}/log?n=1`);
    // The blank page the tab started on recorded nothing, so it takes no slot.
    expect(collectors.network.buckets.all().map(b => b.url)).toEqual([`${origin}/log?n=1`]);
    await page.goto(`${origin}/redirect`);
    expect(collectors.network.buckets.all()).toHaveLength(2);
    const current = collectors.network.list().flatMap(g => g.items);
    expect(current.map(r => r.url)).toEqual([`${origin}/redirect`, `${origin}/log?n=redirected`]);
    expect(current[0].status).toBe(302);
    expect(current[1].redirectedFromId).toBe(current[0].id);

    await page.evaluate(async port => {
      await fetch(`http://127.0.0.1:${port}/refused`).catch(() => {});
      await fetch('/nocontent');
      await fetch('/json', { method: 'POST', body: 'hello body' });
    }, closedPort);
    await expect.poll(() => collectors.network.list({ status: 'pending' }).flatMap(g => g.items).length).toBe(0);
    const failed = collectors.network.list({ status: 'failed' }).flatMap(g => g.items);
    expect(failed).toHaveLength(1);
    expect(failed[0].failure).toMatch(/ERR_CONNECTION_REFUSED/);
    const noContent = collectors.network.list({ status: '204' }).flatMap(g => g.items);
    expect(noContent.map(r => r.url)).toEqual([`${origin}/nocontent`]);
    expect(collectors.network.list({ status: '2xx', url: '/nocontent' })[0].items).toHaveLength(1);
    expect(collectors.network.list({ url: '/\\/JSON$/i' })[0].items).toHaveLength(1);

    const listing = listNetworkRequests(collectors.network);
    expect(listing).toContain('[FAILED] net::ERR_CONNECTION_REFUSED');
    expect(listing).toContain('=> [204]');
    const json = collectors.network.list({ url: '/json' })[0].items[0];
    const detail = await showNetworkRequest(collectors.network, json.id);
    expect(detail).toContain('hello body');
    expect(detail).toContain('{"echoed":"hello body"}');
    expect(detail).toContain('set-cookie: <redacted');
    expect(detail).not.toContain('hunter2');
    expect(await showNetworkRequest(collectors.network, noContent[0].id)).toContain('\n  Response body\n');
  });

  it('cuts big bodies in the answer but saves them whole', async () => {
    await page.goto(`${origin}/log?n=1`);
    await page.evaluate(() => fetch('/big').then(r => r.text()));
    await expect.poll(() => collectors.network.list({ url: '/big' })[0].items[0]?.state).toBe('finished');
    const big = collectors.network.list({ url: '/big' })[0].items[0];
    const detail = await showNetworkRequest(collectors.network, big.id, { bodies: 'response', save: { which: 'response', path: () => join(outputDir, 'big.txt') } });
    expect(detail).toContain('150000 bytes, showing the first 100000 characters');
    expect(detail).not.toContain('x'.repeat(100_001));
    expect(readFileSync(join(outputDir, 'big.txt'), 'utf8')).toHaveLength(150_000);
  });

  it('keeps error bodies readable after the page navigated away', async () => {
    await page.goto(`${origin}/log?n=1`);
    await page.evaluate(() => Promise.all([fetch('/nope').then(r => r.text()), fetch('/n').then(r => r.text())]));
    await expect.poll(() => collectors.network.list({ status: 'pending' })[0].items.length).toBe(0);
    const [missing] = collectors.network.list({ url: '/nope' })[0].items;
    const [fine] = collectors.network.list({ url: '/\\/n$/' })[0].items;
    await expect.poll(() => !!missing.capturedBody).toBe(true);
    await page.goto(`${origin}/log?n=2`);
    expect(await showNetworkRequest(collectors.network, missing.id, { bodies: 'response' })).toContain('not found');
    expect(await showNetworkRequest(collectors.network, fine.id, { bodies: 'response' })).toContain('drops response bodies when the page navigates away');
  });

  it('keeps at most 1000 requests per document and says how many were dropped', async () => {
    await page.goto(`${origin}/many`);
    await page.evaluate(() => (window as any).done);
    await expect.poll(() => collectors.network.list({ status: 'pending' })[0].items.length).toBe(0);
    const bucket = collectors.network.buckets.current();
    expect(bucket.items).toHaveLength(1000);
    expect(bucket.dropped).toBe(501);
    // The document request survives; the oldest fetches went first.
    expect(bucket.items[0].url).toBe(`${origin}/many`);
    expect(bucket.items[1].id).toBe(bucket.items[0].id + 502);
    const listing = listNetworkRequests(collectors.network, { limit: 10 });
    expect(listing).toContain('501 older requests of this page were dropped');
    expect(listing).toContain('Next page: offset 10');
  });
});

describe('modal states', () => {
  it('reports an alert opened while loading and lets the agent answer it', async () => {
    await page.goto(`${origin}/alert`, { waitUntil: 'commit' });
    await expect.poll(() => collectors.modal.states().length).toBe(1);
    expect(collectors.modal.states()[0]).toMatchObject({ kind: 'dialog', type: 'alert', message: 'loading alert' });
    expect(collectors.modal.isBlocked()).toBe(true);
    expect(formatAnsweredDialog(await collectors.modal.answerDialog(true))).toContain('Accepted the alert dialog');
    await page.waitForLoadState('load');
    expect(await page.textContent('body')).toContain('after');
    expect(collectors.modal.states()).toEqual([]);
  });

  it('forgets a dialog the page lost by navigating away', async () => {
    await page.goto(`${origin}/alert`, { waitUntil: 'commit' });
    await expect.poll(() => collectors.modal.states().length).toBe(1);
    await page.goto(`${origin}/log?n=1`);
    expect(collectors.modal.states()).toEqual([]);
    await expect(collectors.modal.answerDialog(true)).rejects.toThrow(/No dialog is open/);
  });

  it('answers confirm and prompt by policy, per call or globally', async () => {
    await page.goto(`${origin}/confirm`);
    await collectors.modal.withPolicy({ action: 'accept' }, () => page.click('text=Go'));
    await expect.poll(() => page.getAttribute('body', 'data-answer')).toBe('true');
    expect(collectors.modal.handledSince(0)).toEqual([expect.objectContaining({ type: 'confirm', action: 'accepted', by: 'policy' })]);

    collectors.modal.setPolicy({ action: 'dismiss' });
    await page.click('text=Go');
    await expect.poll(() => page.getAttribute('body', 'data-answer')).toBe('false');

    collectors.modal.setPolicy({ action: 'accept', promptText: 'Ada' });
    await page.click('#p');
    await expect.poll(() => page.getAttribute('body', 'data-answer')).toBe('Ada');
    expect(collectors.modal.states()).toEqual([]);
  });

  it('reports a file chooser until it is taken', async () => {
    await page.goto(`${origin}/file`);
    await page.click('#f');
    await expect.poll(() => collectors.modal.states().map(s => s.kind)).toEqual(['fileChooser']);
    const chooser = collectors.modal.takeFileChooser();
    await chooser.setFiles([]);
    expect(collectors.modal.states()).toEqual([]);
    expect(() => collectors.modal.takeFileChooser()).toThrow(/No file chooser is open/);
  });
});

describe('downloads', () => {
  it('saves a download started by a click under a safe, unique name', async () => {
    await page.goto(`${origin}/dl-link`);
    const before = mark(collectors);
    await page.click('#l');
    await page.click('#l');
    await expect.poll(() => collectors.downloads.list().length).toBe(2);
    await collectors.downloads.settled();
    const events = formatChanges(changesSince(collectors, before)).filter(line => line.includes('Downloaded file'));
    expect(events).toHaveLength(2);
    expect(events[0]).toContain(`to "${outputDir}`);
    expect(formatChanges(changesSince(collectors, mark(collectors)))).toEqual([]);
    const [one, two] = collectors.downloads.list();
    expect(one.state).toBe('saved');
    expect(two.state).toBe('saved');
    for (const event of [one, two]) {
      expect(dirname(event.path!)).toBe(outputDir);
      expect(basename(event.path!)).not.toMatch(/[/\\:?]|^\./);
      expect(readFileSync(event.path!, 'utf8')).toBe('downloaded bytes');
    }
    expect(one.path).not.toBe(two.path);
    // The session goes on after a native download.
    expect(await page.evaluate(() => 1 + 1)).toBe(2);
  });

  it('sanitizes hostile names', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('..')).toBe('download');
    expect(sanitizeFileName('C:\\Windows\\evil.exe')).toBe('evil.exe');
    expect(sanitizeFileName('con.txt')).toBe('_con.txt');
    expect(sanitizeFileName('a<b>c|d?.txt')).toBe('a_b_c_d_.txt');
    expect(Buffer.byteLength(sanitizeFileName('é'.repeat(300) + '.pdf'))).toBeLessThanOrEqual(180);
    expect(sanitizeFileName('é'.repeat(300) + '.pdf').endsWith('.pdf')).toBe(true);
  });
});

describe('context', () => {
  it('attaches to every new page and popup with ids shared across pages', async () => {
    const fresh = await browser.newContext();
    try {
      const attached = attachToContext(fresh, { outputDir });
      const opener = await fresh.newPage();
      await opener.goto(`${origin}/log?n=1`);
      const [popup] = await Promise.all([fresh.waitForEvent('page'), opener.evaluate(url => { window.open(url); }, `${origin}/popup`)]);
      await popup.waitForLoadState('load');
      const openerCollectors = attachCollectors(opener);
      const popupCollectors = attachCollectors(popup);
      expect(openerCollectors.outputDir).toBe(outputDir);
      await expect.poll(() => texts(popupCollectors)).toEqual(['popup says hi']);
      const openerIds = openerCollectors.console.list({ level: 'debug' })[0].items.map(m => m.id);
      expect(openerIds).toHaveLength(3);
      expect(openerIds).not.toContain(popupCollectors.console.list()[0].items[0].id);
      attached.dispose();
    } finally {
      await fresh.close();
    }
  });
});
