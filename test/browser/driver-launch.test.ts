// Finding, launching and connecting to browsers.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attach, BrowserNotFoundError, connect, defaultBrowserArgs, findBrowser, launch } from '../../driver/index.js';
import { refOf, startServer, type TestServer } from './driver-harness.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BrowserHost, type HostOptions } from '../../driver/browser/host.js';
import { findBoundBrowser } from '../../driver/browser/bound.js';
import { connectToBrowser } from '../../driver/browser/connect.js';

const CHROMIUM = process.env.ARIAREF_BROWSER ?? '/usr/bin/chromium';

describe('findBrowser', () => {
  const only = (...paths: string[]) => (p: string) => paths.includes(p);

  it('prefers the option, then ARIAREF_BROWSER, then Playwright\'s, then system browsers', () => {
    const playwrightExecutable = () => '/pw/chrome';
    const all = only('/opt/mine', '/env/chrome', '/pw/chrome', '/usr/bin/chromium');
    const env = { ARIAREF_BROWSER: '/env/chrome' };
    expect(findBrowser({ executablePath: '/opt/mine', env, exists: all, playwrightExecutable }))
      .toEqual({ executablePath: '/opt/mine', source: 'option' });
    expect(findBrowser({ env, exists: all, playwrightExecutable })).toEqual({ executablePath: '/env/chrome', source: 'env' });
    expect(findBrowser({ env: {}, exists: all, playwrightExecutable })).toEqual({ executablePath: '/pw/chrome', source: 'playwright' });
    expect(findBrowser({ env: {}, exists: only('/usr/bin/google-chrome'), playwrightExecutable, platform: 'linux' }))
      .toEqual({ executablePath: '/usr/bin/google-chrome', source: 'system' });
    expect(findBrowser({ env: {}, exists: only('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'), playwrightExecutable, platform: 'darwin' }).source)
      .toBe('system');
  });

  it('says how to get a browser when none exists', () => {
    const find = () => findBrowser({ env: {}, exists: () => false, playwrightExecutable: () => '/pw/chrome', platform: 'linux' });
    expect(find).toThrow(BrowserNotFoundError);
    expect(find).toThrow(/apt-get install -y chromium/);
    expect(find).toThrow(/npx playwright install chromium/);
    expect(find).toThrow(/ARIAREF_BROWSER=\/path\/to\/chrome/);
  });

  it('rejects an explicit path that does not exist instead of silently using another browser', () => {
    expect(() => findBrowser({ env: { ARIAREF_BROWSER: '/nope/chrome' }, exists: () => false }))
      .toThrow(/ARIAREF_BROWSER=\/nope\/chrome does not exist/);
  });

  it('words a missing --executable-path as Playwright does', () => {
    expect(() => findBrowser({ executablePath: '/nope/chrome', env: {}, exists: () => false }))
      .toThrow(/^Failed to launch chromium because executable doesn't exist at \/nope\/chrome\. Fix the path/);
  });

  it('honours an explicit PLAYWRIGHT_BROWSERS_PATH: its missing revision is the error, not a silent system browser', () => {
    const playwrightExecutable = () => '/pw/chromium-1255/chrome-linux64/chrome';
    const system = only('/usr/bin/chromium');
    expect(() => findBrowser({ env: { PLAYWRIGHT_BROWSERS_PATH: '/pw' }, exists: system, playwrightExecutable, platform: 'linux' }))
      .toThrow(/Browser "chromium" is not installed; expected executable at \/pw\/chromium-1255\/chrome-linux64\/chrome\. Run `PLAYWRIGHT_BROWSERS_PATH=\/pw npx playwright install chromium`/);
    // Unset (or Playwright's "0"): the system browser is the fallback.
    for (const env of [{}, { PLAYWRIGHT_BROWSERS_PATH: '0' }])
      expect(findBrowser({ env, exists: system, playwrightExecutable, platform: 'linux' }).source).toBe('system');
  });

  it('always passes the quiet switches', () => {
    expect(defaultBrowserArgs()).toEqual(expect.arrayContaining(['--disable-background-networking', '--disable-component-update', '--disable-sync']));
  });
});

describe('launch and connect', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
    server.route('/page.html', '<button>Existing</button>');
  });
  afterAll(async () => server?.close());

  it('a persistent profile held by another browser gives an actionable error', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'ariaref-profile-'));
    const first = await launch({ executablePath: CHROMIUM, userDataDir: profile });
    try {
      const error = await launch({ executablePath: CHROMIUM, userDataDir: profile, timeout: 15_000 }).then(
        async second => { await second.close(); return 'no error'; }, (e: Error) => e.message);
      expect(error).toMatch(/in use by another browser/);
      expect(error).toMatch(/isolated/);
    } finally {
      await first.close(); // Playwright resolves once the browser and all its helper processes are gone
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('connects over CDP and gives pages opened before attaching the runtime', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'ariaref-cdp-'));
    const child: ChildProcess = spawn(CHROMIUM, [
      ...defaultBrowserArgs(), '--headless=new', '--remote-debugging-port=0', `--user-data-dir=${profile}`,
      `${server.origin}/page.html`,
    ], { stdio: ['ignore', 'ignore', 'pipe'] });
    // 'exit' is the browser process alone; its helpers (network and storage services, GPU, zygotes,
    // renderers) outlive it and still write the profile while they shut down. They all inherit the
    // stderr pipe, so 'close' (every stdio stream closed) comes only once the last of them is gone.
    const closed = new Promise(done => child.once('close', done));
    try {
      const endpoint = await new Promise<string>((resolve, reject) => {
        let output = '';
        child.stderr!.on('data', chunk => {
          output += String(chunk);
          const found = /DevTools listening on (ws:\/\/\S+)/.exec(output);
          if (found) resolve(found[1]!);
        });
        child.on('exit', code => reject(new Error(`chromium exited (${code}): ${output}`)));
      });
      // Another client (the user's own tooling) emulates print media; attaching must not reset it.
      const observer = await chromium.connectOverCDP(endpoint);
      await expect.poll(() => observer.contexts()[0]!.pages().some(p => p.url().endsWith('/page.html'))).toBe(true);
      const watched = observer.contexts()[0]!.pages().find(p => p.url().endsWith('/page.html'))!;
      await watched.emulateMedia({ media: 'print' });
      expect(await watched.evaluate(() => matchMedia('print').matches)).toBe(true);
      const browser = await connect(endpoint);
      await expect.poll(() => browser.context.pages().some(p => p.url().endsWith('/page.html'))).toBe(true);
      const existing = (await browser.pages()).find(p => p.url().endsWith('/page.html'));
      expect(existing).toBeDefined();
      const snapshot = await existing!.snapshot();
      expect(snapshot).toMatch(/button "Existing" \[ref=e\d+\]/);
      expect(await watched.evaluate(() => matchMedia('print').matches)).toBe(true);
      await observer.close();
      await (await existing!.locator(refOf(snapshot, 'button "Existing"'))).click();
      await browser.close(); // disconnects only: the browser still accepts connections
      const again = await connect(endpoint);
      expect((await again.pages()).length).toBeGreaterThan(0);
      await again.close();
    } finally {
      child.kill();
      await closed;
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('connects to a Playwright browser server', async () => {
    const server2 = await chromium.launchServer({ executablePath: CHROMIUM, args: defaultBrowserArgs() });
    try {
      const browser = await connect(server2.wsEndpoint());
      const page = await browser.newPage();
      await page.page.goto(`${server.origin}/page.html`);
      expect(await page.snapshot()).toMatch(/button "Existing" \[ref=e\d+\]/);
      await browser.close();
    } finally {
      await server2.close();
    }
  });

  it('attach() gives a page opened without ariaref the runtime, even under a strict CSP', async () => {
    server.route('/csp.html', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': "default-src 'none'; script-src 'none'" });
      res.end('<button>Strict</button><iframe srcdoc="<button>Inner strict</button>"></iframe>');
    });
    const plain = await chromium.launch({ executablePath: CHROMIUM, args: defaultBrowserArgs() });
    try {
      const page = await (await plain.newContext()).newPage();
      await page.goto(`${server.origin}/csp.html`);
      expect(await page.evaluate(() => typeof (globalThis as any).__ariaref)).toBe('undefined');
      const aria = await attach(page);
      expect(await attach(page)).toBe(aria); // one AriaPage per page
      const snapshot = await aria.snapshot();
      expect(snapshot).toMatch(/- button "Strict" \[ref=e\d+\]/);
      expect(snapshot).toMatch(/- iframe \[ref=e\d+\]:\n {2}- button "Inner strict" \[ref=f1e\d+\]/);
      await (await aria.locator(refOf(snapshot, 'button "Inner strict"'))).click();
    } finally {
      await plain.close();
    }
  });

  const hostOptions = (more: Partial<HostOptions>): HostOptions => ({ headless: true, executablePath: CHROMIUM, browserArgs: [], navigationTimeoutMs: 15_000, ...more });

  it('attaches to a browser bound by name (--endpoint default) and works in its existing page', async () => {
    const registry = mkdtempSync(join(tmpdir(), 'ariaref-registry-'));
    const previous = process.env.PWTEST_SERVER_REGISTRY;
    process.env.PWTEST_SERVER_REGISTRY = registry; // Playwright's test override of <cache>/ms-playwright/b
    const bound = await chromium.launch({ executablePath: CHROMIUM, args: defaultBrowserArgs() });
    const host = new BrowserHost(hostOptions({ connect: 'ariaref-bound-test' }), true);
    try {
      const page = await bound.newPage();
      await page.setContent('<button>Bound</button>');
      await bound.bind('ariaref-bound-test');
      expect(findBoundBrowser('ariaref-bound-test', registry).endpoint).toBeTruthy();
      const lease = await host.newContext();
      expect(lease.shared).toBe(true);
      expect(await lease.context.pages()[0]!.content()).toContain('<button>Bound</button>');
      expect(() => findBoundBrowser('nobody', registry)).toThrow(/No running browser is bound as "nobody" \(looked in .*ariaref-registry-.*\)\. Bind one with Playwright's browser\.bind\('nobody'\)/);
    } finally {
      await host.closeAll();
      await bound.close();
      if (previous === undefined) delete process.env.PWTEST_SERVER_REGISTRY; else process.env.PWTEST_SERVER_REGISTRY = previous;
      rmSync(registry, { recursive: true, force: true });
    }
  });

  it('a persistent profile loads its extensions; launchOptions.ignoreDefaultArgs adds to the dropped switches', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'ariaref-profile-'));
    const host = new BrowserHost(hostOptions({ userDataDir: profile, launchOptions: { ignoreDefaultArgs: ['--mute-audio'] } }), true);
    try {
      const page = await (await host.newContext()).context.newPage();
      await page.goto('chrome://version');
      const commandLine = await page.locator('#command_line').innerText();
      expect(commandLine).not.toContain('--disable-extensions');
      expect(commandLine).not.toContain('--mute-audio');
      expect(commandLine).toContain('--use-mock-keychain');
    } finally {
      await host.closeAll();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('names both versions when a Playwright server refuses ours (428 version mismatch)', async () => {
    // What a Playwright server of another minor version answers the WebSocket upgrade with.
    const refusing = createServer();
    refusing.on('upgrade', (_req, socket) => socket.end('HTTP/1.1 428 Precondition Required\r\n\r\nPlaywright version mismatch:\n  - server version: v1.40\n  - client version: v1.65\n'));
    await new Promise<void>(done => refusing.listen(0, '127.0.0.1', done));
    try {
      const endpoint = `ws://127.0.0.1:${(refusing.address() as AddressInfo).port}/`;
      await expect(connectToBrowser(endpoint, { timeout: 5_000 })).rejects.toThrow(
        /Playwright version mismatch, the server runs Playwright v1\.40 and ariaref uses v1\.65.*npx playwright@1\.65 run-server/);
    } finally {
      refusing.close();
    }
  });

  it('explains a connection failure', async () => {
    await expect(connect('http://127.0.0.1:9', { timeout: 3_000 })).rejects.toThrow(/Cannot connect to the browser at http:\/\/127.0.0.1:9.*--remote-debugging-port/);
  });
});
