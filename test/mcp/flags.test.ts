// Playwright MCP 0.0.83's flags, end to end: a real `ariaref mcp` process per flag set, real
// Chromium, and the effect each flag must have (what the page sees, what the server receives).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { startLoopbackServer, type LoopbackServer } from '../support/server.js';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { call, cliCommand, sectionOf, stdioClient, tempDir } from './helpers.js';
import { serveHttp } from '../../driver/mcp/http.js';
import { parseConfig } from '../../driver/mcp/config.js';
import { enforceOutputBudget, shapeImages } from '../../driver/mcp/responses.js';

let site: LoopbackServer;
const dir = tempDir('ariaref-flags-');

/** Answers with what the browser sent: cookies, a header set by --init-page, the Host it asked for. */
function echo(req: IncomingMessage, res: ServerResponse) {
  const seen = { cookie: req.headers.cookie ?? '', initPage: req.headers['x-init-page'] ?? '', host: req.headers.host ?? '', url: req.url };
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<title>echo</title><pre id="seen">${JSON.stringify(seen).replace(/</g, '&lt;')}</pre>`);
}

/** Headers of the DevTools discovery requests (--cdp-endpoint pointed at the test server). */
const cdpRequests: IncomingMessage['headers'][] = [];
function fakeDevTools(req: IncomingMessage, res: ServerResponse) {
  cdpRequests.push(req.headers);
  res.writeHead(500, { 'content-type': 'text/plain' });
  res.end('not a browser');
}

beforeAll(async () => {
  const serviceWorker = (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/javascript' });
    res.end('self.addEventListener("fetch", () => {});');
  };
  site = await startLoopbackServer({ routes: { '/sw.js': serviceWorker, '/json/version': fakeDevTools, '/json/version/': fakeDevTools, '/': '<title>Home</title><h1>Home</h1>', '/mobile': '<meta name="viewport" content="width=device-width"><title>Mobile</title><h1>Mobile</h1>', '/echo': echo } });
});
afterAll(async () => { await site?.close(); });

/** Runs `fn` in the page (browser_evaluate) and returns its value; `fn` must return JSON-able data. */
async function evaluate(client: Client, fn: string): Promise<any> {
  const result = await call(client, 'browser_evaluate', { function: `async () => JSON.stringify(await (${fn})())` });
  expect(result.isError, result.text).toBe(false);
  // ### Result: "<the JSON string>", bare, as Playwright MCP answers.
  return JSON.parse(JSON.parse(sectionOf(result.text, 'Result')));
}

async function seenByServer(client: Client, url: string): Promise<any> {
  const nav = await call(client, 'browser_navigate', { url });
  expect(nav.isError, nav.text).toBe(false);
  return evaluate(client, '() => JSON.parse(document.getElementById("seen").textContent)');
}

async function withServer<T>(args: string[], run: (client: Client) => Promise<T>): Promise<T> {
  const client = await stdioClient(args);
  try {
    return await run(client);
  } finally {
    await client.close();
  }
}

/** Starts the server expecting it to refuse: exit code and stderr. */
function refused(args: string[]) {
  const [script, ...rest] = cliCommand();
  const result = spawnSync(process.execPath, [script, ...rest, ...args], { encoding: 'utf8', timeout: 20_000, input: '' });
  return { status: result.status, stderr: result.stderr.trim() };
}

describe('context and launch flags', () => {
  it('applies --user-agent, --viewport-size, --init-script, --grant-permissions, --storage-state, --init-page, --isolated', async () => {
    const initScript = join(dir, 'init.js');
    writeFileSync(initScript, 'globalThis.__fromInitScript = "yes";');
    const initPage = join(dir, 'init-page.mjs');
    writeFileSync(initPage, 'export default async ({ page }) => { await page.setExtraHTTPHeaders({ "x-init-page": "ran" }); };');
    const state = join(dir, 'state.json');
    writeFileSync(state, JSON.stringify({
      cookies: [{ name: 'session', value: 'from-storage-state', domain: '127.0.0.1', path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' }],
      origins: [],
    }));
    await withServer([
      '--isolated', '--user-agent', 'AriarefTestAgent/1.0', '--viewport-size', '800x600', '--init-script', initScript,
      '--grant-permissions', 'geolocation', '--storage-state', state, '--init-page', initPage,
    ], async client => {
      const seen = await seenByServer(client, `${site.origin}/echo`);
      expect(seen.cookie).toContain('session=from-storage-state');
      expect(seen.initPage).toBe('ran');
      const page = await evaluate(client, `async () => ({
        ua: navigator.userAgent,
        width: innerWidth,
        height: innerHeight,
        init: globalThis.__fromInitScript,
        geo: (await navigator.permissions.query({ name: 'geolocation' })).state,
      })`);
      expect(page).toEqual({ ua: 'AriarefTestAgent/1.0', width: 800, height: 600, init: 'yes', geo: 'granted' });
    });
  });

  it('applies context options and init scripts to a persistent profile (--user-data-dir)', async () => {
    const initScript = join(dir, 'persistent-init.js');
    writeFileSync(initScript, 'globalThis.__persistentInit = 42;');
    await withServer(['--user-data-dir', tempDir('ariaref-profile-'), '--user-agent', 'PersistentUA/3', '--init-script', initScript], async client => {
      await call(client, 'browser_navigate', { url: `${site.origin}/` });
      expect(await evaluate(client, '() => ({ ua: navigator.userAgent, init: globalThis.__persistentInit })')).toEqual({ ua: 'PersistentUA/3', init: 42 });
    });
  });

  it('emulates a Playwright device with --device', async () => {
    await withServer(['--device', 'iPhone 15'], async client => {
      const nav = await call(client, 'browser_navigate', { url: `${site.origin}/mobile` });
      // A width of 980 would be a mobile page without its viewport meta: not the page asked for.
      expect(nav.isError, nav.text).toBe(false);
      expect(sectionOf(nav.text, 'Page')).toContain(`${site.origin}/mobile`);
      const page = await evaluate(client, '() => ({ width: innerWidth, touch: navigator.maxTouchPoints > 0, mobile: /iPhone/.test(navigator.userAgent), dpr: devicePixelRatio })');
      expect(page).toEqual({ width: 393, touch: true, mobile: true, dpr: 3 });
    });
    await withServer(['--mobile'], async client => {
      await call(client, 'browser_navigate', { url: `${site.origin}/mobile` });
      const page = await evaluate(client, '() => ({ pixel: /Pixel 10/.test(navigator.userAgent), touch: navigator.maxTouchPoints > 0, narrow: innerWidth < 500 })');
      expect(page).toEqual({ pixel: true, touch: true, narrow: true });
    });
  });

  it('sends --cdp-header with the connect request to --cdp-endpoint, and says how to make the browser reachable', async () => {
    cdpRequests.length = 0;
    await withServer(['--cdp-endpoint', site.origin, '--cdp-header', 'X-Ariaref-Test: hello', '--cdp-timeout', '5000'], async client => {
      const result = await call(client, 'browser_navigate', { url: `${site.origin}/` });
      expect(result.isError).toBe(true);
      expect(result.text).toMatch(/Cannot connect to the browser at .*--remote-debugging-port=9222/);
    });
    expect(cdpRequests.length).toBeGreaterThan(0);
    expect(cdpRequests[0]['x-ariaref-test']).toBe('hello');
  });

  it('gives every HTTP client the same context with --shared-browser-context', async () => {
    const { config } = parseConfig(['--shared-browser-context', '--port', '0', '--executable-path', '/usr/bin/chromium'], {});
    const server = await serveHttp(config);
    const connect = async () => {
      const client = new McpClient({ name: 'ariaref-shared', version: '0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      return client;
    };
    try {
      const a = await connect();
      const b = await connect();
      await call(a, 'browser_navigate', { url: `${site.origin}/` });
      await evaluate(a, '() => { document.cookie = "shared=yes; path=/"; return true; }');
      const seen = await seenByServer(b, `${site.origin}/echo`);
      expect(seen.cookie).toContain('shared=yes');
      await a.close();
      await b.close();
    } finally {
      await server.close();
    }
  });

  it('keeps service workers from starting with --block-service-workers', async () => {
    const started = `async () => {
      await navigator.serviceWorker.register('/sw.js');
      return Promise.race([navigator.serviceWorker.ready.then(() => 'ready'), new Promise(done => setTimeout(() => done('not ready'), 1500))]);
    }`;
    await withServer(['--block-service-workers'], async client => {
      await call(client, 'browser_navigate', { url: `${site.origin}/` });
      expect(await evaluate(client, started)).toBe('not ready');
    });
    await withServer([], async client => {
      await call(client, 'browser_navigate', { url: `${site.origin}/` });
      expect(await evaluate(client, started)).toBe('ready');
    });
  });

  it('sends requests through --proxy-server', async () => {
    // Chromium never proxies loopback addresses, so the page asks for a made-up host; the
    // test server plays the proxy and sees that host.
    await withServer(['--proxy-server', site.origin], async client => {
      const seen = await seenByServer(client, 'http://through-the-proxy.test/echo');
      expect(seen.host).toBe('through-the-proxy.test');
      expect(seen.url).toBe('http://through-the-proxy.test/echo');
    });
  });

  it('loads a self-signed HTTPS page only with --ignore-https-errors', async () => {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
    const https = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<title>Secure</title><h1>Self-signed</h1>');
    });
    await new Promise<void>(resolve => https.listen(0, '127.0.0.1', resolve));
    const url = `https://127.0.0.1:${(https.address() as AddressInfo).port}/`;
    try {
      await withServer([], async client => {
        const result = await call(client, 'browser_navigate', { url });
        expect(result.isError).toBe(true);
        expect(result.text).toMatch(/ERR_CERT/);
      });
      await withServer(['--ignore-https-errors'], async client => {
        const result = await call(client, 'browser_navigate', { url });
        expect(result.isError, result.text).toBe(false);
        expect(result.text).toContain('Self-signed');
      });
    } finally {
      https.closeAllConnections();
      await new Promise(resolve => https.close(resolve));
    }
  });

  it('closes the browser after --idle-timeout without a tool call; the next call starts a new one', async () => {
    await withServer(['--idle-timeout', '300'], async client => {
      await call(client, 'browser_navigate', { url: `${site.origin}/` });
      await new Promise(resolve => setTimeout(resolve, 1200));
      const tabs = await call(client, 'browser_snapshot');
      expect(tabs.text).toMatch(/Started a new browser session/);
      expect(tabs.text).not.toContain('Home');
    });
  });
});

describe('responses', () => {
  it('sends only the images with --image-responses only, none with omit; --save-session logs every call', async () => {
    const out = tempDir('ariaref-session-');
    await withServer(['--image-responses', 'only', '--save-session', '--output-dir', out], async client => {
      await call(client, 'browser_navigate', { url: `${site.origin}/` });
      const shot = await call(client, 'browser_take_screenshot');
      expect(shot.images).toHaveLength(1);
      expect(shot.text).toBe('');
    });
    const [folder] = readdirSync(out).filter(name => name.startsWith('session-'));
    const log = readFileSync(join(out, folder, 'session.md'), 'utf8');
    expect(log).toContain('### Tool call: browser_navigate');
    expect(log).toContain(`"url": "${site.origin}/"`);
    expect(log).toMatch(/### Tool call: browser_take_screenshot[\s\S]*\(\+1 image\)/);
    await withServer(['--image-responses', 'omit', '--output-dir', out], async client => {
      await call(client, 'browser_navigate', { url: `${site.origin}/` });
      const shot = await call(client, 'browser_take_screenshot');
      expect(shot.isError, shot.text).toBe(false);
      expect(shot.images).toHaveLength(0);
      expect(shot.text).toContain('### Result');
    });
    expect(existsSync(out)).toBe(true);
  });
});

describe('responses (no browser)', () => {
  it('--output-max-size deletes the oldest output files, never the ones just written', async () => {
    const out = tempDir('ariaref-budget-');
    mkdirSync(join(out, 'sub'));
    const files = ['old.png', 'sub/middle.png', 'new.png'].map(name => join(out, name));
    files.forEach((file, i) => {
      writeFileSync(file, Buffer.alloc(100));
      const when = new Date(Date.now() - (3 - i) * 60_000);
      utimesSync(file, when, when);
    });
    const fresh = join(out, 'just-written.png');
    writeFileSync(fresh, Buffer.alloc(100));
    await enforceOutputBudget(out, 250, Date.now() - 10_000);
    expect([files[0], files[1], files[2], fresh].map(existsSync)).toEqual([false, false, true, true]);
  });

  it('--image-responses keeps an error\'s text even with "only"', () => {
    const result = { content: [{ type: 'text' as const, text: 'x' }, { type: 'image' as const, data: 'AA', mimeType: 'image/png' }], isError: true };
    expect(shapeImages(result, 'only')).toBe(result);
    expect(shapeImages(result, 'omit').content).toEqual([{ type: 'text', text: 'x' }]);
  });
});

describe('--init-page modules', () => {
  it('runs a TypeScript module (compiled with esbuild) and names a module without a default export', async () => {
    const { runInitPages } = await import('../../driver/tools/init-page.js');
    const ts = join(dir, 'init-page.ts');
    writeFileSync(ts, 'export default async ({ page }: { page: { seen: string[] } }): Promise<void> => { page.seen.push("ts ran"); };');
    const page = { seen: [] as string[] };
    await runInitPages([ts], page as any);
    expect(page.seen).toEqual(['ts ran']);
    const bad = join(dir, 'no-default.mjs');
    writeFileSync(bad, 'export const x = 1;');
    await expect(runInitPages([bad], page as any)).rejects.toThrow(/no-default\.mjs has no default export function: write "export default async \(\{ page \}\)/);
  });
});

describe("Playwright MCP's config file format", () => {
  it('applies browser.contextOptions and the other sections', async () => {
    const config = join(dir, 'playwright-mcp.json');
    writeFileSync(config, JSON.stringify({
      browser: { browserName: 'chromium', isolated: true, contextOptions: { userAgent: 'FromPlaywrightConfig/2', viewport: { width: 640, height: 480 }, locale: 'de-DE' } },
      network: { allowedOrigins: [site.origin] },
      timeouts: { action: 4000 },
      capabilities: ['vision'],
    }));
    await withServer(['--config', config], async client => {
      const { tools } = await client.listTools();
      expect(tools.map(t => t.name)).toContain('browser_mouse_click_xy');
      await call(client, 'browser_navigate', { url: `${site.origin}/` });
      const page = await evaluate(client, '() => ({ ua: navigator.userAgent, width: innerWidth, lang: navigator.language })');
      expect(page).toEqual({ ua: 'FromPlaywrightConfig/2', width: 640, lang: 'de-DE' });
    });
  });
});

describe('refused at start, in one line that says what to use instead', () => {
  it.each([
    [['--browser', 'firefox'], /^ariaref mcp: --browser firefox is not supported: ariaref drives Chromium only\. Use --browser chromium/],
    [['--browser', 'webkit'], /--browser webkit is not supported.*Use --browser chromium/],
    [['--browser', 'msedge'], /--browser msedge is not supported.*Use --browser chromium/],
    [['--extension'], /^ariaref mcp: --extension is not supported.*--cdp-endpoint http:\/\/127\.0\.0\.1:9222/],
    [['--device', 'iPhone15'], /Unknown device "iPhone15"\. Did you mean "iPhone 15"/],
  ])('%j', (args, message) => {
    const { status, stderr } = refused(args as string[]);
    expect(status).not.toBe(0);
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toMatch(message);
  });
});
