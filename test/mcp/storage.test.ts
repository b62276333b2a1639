// The storage group end to end in real Chromium: cookies reach (or stop reaching) the server,
// localStorage/sessionStorage writes are seen by page script and survive a reload, storage-state
// files load in plain Playwright and restore into a session, and a page that replaces the
// Storage and JSON built-ins cannot fool the tools.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { startLoopbackServer, type LoopbackServer } from '../support/server.js';
import { inProcessSession, sectionOf, tempDir, type InProcessSession } from './helpers.js';
import { parseConfig } from '../../driver/mcp/config.js';

let server: LoopbackServer;
let s: InProcessSession;
/** The Cookie header of the last request to /echo ('' when none was sent). */
let lastCookie = '';

const HOSTILE = `<h1>Hostile</h1><script>
  localStorage.setItem('pre', 'original');
  Storage.prototype.getItem = () => 'forged';
  Storage.prototype.setItem = () => {};
  Storage.prototype.removeItem = () => {};
  Storage.prototype.clear = () => {};
  Storage.prototype.key = () => 'forged-key';
  Object.defineProperty(Storage.prototype, 'length', { get: () => 99 });
  JSON.stringify = () => '"forged"';
  JSON.parse = () => 'forged';
  Array.prototype.push = function () { return 0; };
  Array.prototype.map = function () { return ['forged']; };
  Object.keys = () => ['forged'];
</script>`;

beforeAll(async () => {
  server = await startLoopbackServer({
    routes: {
      '/page': '<h1>Storage</h1>',
      '/hostile': HOSTILE,
      '/echo': (req, res) => {
        lastCookie = req.headers.cookie ?? '';
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<h1>Echo</h1>');
      },
    },
  });
  // The output directory is the client's root too: relative file names stay in the temp folder.
  const dir = tempDir('ariaref-storage-');
  s = inProcessSession({ caps: ['storage'], outputDir: dir }, { roots: [dir] });
});

afterAll(async () => {
  await s?.close();
  await server?.close();
});

const page = () => s.session.currentTabOrUndefined()!.page;
const go = async (path: string) => {
  const r = await s.call('browser_navigate', { url: server.origin + path });
  expect(r.isError, r.text).toBe(false);
};
const ok = async (name: string, args: Record<string, unknown> = {}) => {
  const r = await s.call(name, args);
  expect(r.isError, `${name}: ${r.text}`).toBe(false);
  return r.text;
};
const fails = async (name: string, args: Record<string, unknown> = {}) => {
  const r = await s.call(name, args);
  expect(r.isError, `${name} should fail: ${r.text}`).toBe(true);
  return r.text;
};

describe('cookies', () => {
  it('sets a cookie that the next request sends, and lists and gets it', async () => {
    await go('/page');
    expect(await ok('browser_cookie_set', { name: 'sid', value: 'abc' })).toContain('sid=abc (domain: 127.0.0.1, path: /)');
    await ok('browser_cookie_set', { name: 'hidden', value: 'h1', httpOnly: true, sameSite: 'Strict' });
    await go('/echo');
    expect(lastCookie).toContain('sid=abc');
    expect(lastCookie).toContain('hidden=h1');
    expect(await page().evaluate(() => document.cookie)).not.toContain('hidden');
    const list = await ok('browser_cookie_list', { domain: '127.0.0.1' });
    expect(list).toContain('sid=abc (domain: 127.0.0.1, path: /)');
    expect(list).toContain("hidden=<httpOnly: browser_cookie_get with name 'hidden' shows the value>");
    expect(list).not.toContain('h1');
    expect(await ok('browser_cookie_list', { domain: 'example.org' })).toContain('No cookies found');
    expect(await ok('browser_cookie_get', { name: 'hidden' })).toContain('hidden=h1 (domain: 127.0.0.1, path: /, httpOnly: true, secure: false, sameSite: Strict)');
    expect(await ok('browser_cookie_get', { name: 'sid' })).toContain('### Ran Playwright code');
  });

  it('deletes one cookie, then clears all, and the server stops seeing them', async () => {
    await ok('browser_cookie_delete', { name: 'sid' });
    await go('/echo');
    expect(lastCookie).not.toContain('sid=');
    expect(lastCookie).toContain('hidden=h1');
    await ok('browser_cookie_clear');
    await go('/echo');
    expect(lastCookie).toBe('');
    expect(await ok('browser_cookie_list')).toContain('No cookies found');
  });

  it('answers unknown names, impossible cookies and pages without a host with the next step', async () => {
    await ok('browser_cookie_set', { name: 'known', value: '1' });
    // A missing name is an answer, not a failure (as Playwright MCP has it); deleting one fails.
    const unknown = await ok('browser_cookie_get', { name: 'nope' });
    expect(sectionOf(unknown, 'Result')).toContain("Cookie 'nope' not found");
    expect(unknown).toContain("Cookie 'nope' not found");
    expect(unknown).toContain("'known'");
    expect(unknown).toContain('browser_cookie_list');
    expect(await fails('browser_cookie_delete', { name: 'nope' })).toContain("Cookie 'nope' not found");
    expect(await fails('browser_cookie_set', { name: 'x', value: '1', sameSite: 'None' })).toMatch(/cookie 'x'.*browser_cookie_set/is);
    await ok('browser_cookie_set', { name: 'gone', value: '1' });
    expect(await ok('browser_cookie_set', { name: 'gone', value: '1', expires: 1 })).toContain("Cookie 'gone' has an expiry in the past, so the browser removed it");
    await go('/echo');
    expect(lastCookie).toBe('known=1');
    await ok('browser_navigate', { url: 'about:blank' });
    expect(await fails('browser_cookie_set', { name: 'x', value: '1' })).toMatch(/needs a domain.*"domain"/s);
    await ok('browser_cookie_set', { name: 'x', value: '1', domain: '127.0.0.1' });
    await go('/echo');
    expect(lastCookie).toContain('x=1');
    await ok('browser_cookie_clear');
  });
});

describe('localStorage and sessionStorage', () => {
  it('writes localStorage that page script sees and that survives a reload', async () => {
    await go('/page');
    expect(await ok('browser_localstorage_set', { key: 'token', value: 'v1' })).toContain(`Set localStorage 'token' for ${server.origin}`);
    await ok('browser_localstorage_set', { key: 'other', value: 'o' });
    expect(await page().evaluate(() => localStorage.getItem('token'))).toBe('v1');
    await page().reload();
    expect(await page().evaluate(() => localStorage.getItem('token'))).toBe('v1');
    const list = await ok('browser_localstorage_list');
    expect(list).toContain('token=v1');
    expect(list).toContain('other=o');
    expect(await ok('browser_localstorage_get', { key: 'token' })).toContain('token=v1');
    await ok('browser_localstorage_delete', { key: 'token' });
    expect(await page().evaluate(() => localStorage.getItem('token'))).toBeNull();
    const missing = await ok('browser_localstorage_get', { key: 'token' });
    expect(sectionOf(missing, 'Result')).toContain("localStorage key 'token' not found");
    expect(missing).toContain("localStorage key 'token' not found");
    expect(missing).toContain("'other'");
    expect(await fails('browser_localstorage_delete', { key: 'token' })).toContain('browser_localstorage_list');
    await ok('browser_localstorage_clear');
    expect(await page().evaluate(() => localStorage.length)).toBe(0);
    expect(await ok('browser_localstorage_list')).toContain('No localStorage items found');
  });

  it('keeps sessionStorage per tab: the tab sees it after a reload, a new tab does not', async () => {
    await go('/page');
    await ok('browser_sessionstorage_set', { key: 'draft', value: 'hello' });
    expect(await page().evaluate(() => sessionStorage.getItem('draft'))).toBe('hello');
    await page().reload();
    expect(await page().evaluate(() => sessionStorage.getItem('draft'))).toBe('hello');
    expect(await ok('browser_sessionstorage_list')).toContain('draft=hello');
    await ok('browser_tabs', { action: 'new', url: `${server.origin}/page` });
    expect(sectionOf(await ok('browser_sessionstorage_get', { key: 'draft' }), 'Result')).toContain("sessionStorage key 'draft' not found");
    expect(await ok('browser_sessionstorage_list')).toContain('No sessionStorage items found');
    await ok('browser_tabs', { action: 'close' });
    await ok('browser_tabs', { action: 'select', index: 0 });
    expect(await ok('browser_sessionstorage_get', { key: 'draft' })).toContain('draft=hello');
    await ok('browser_sessionstorage_delete', { key: 'draft' });
    expect(await page().evaluate(() => sessionStorage.getItem('draft'))).toBeNull();
    await ok('browser_sessionstorage_set', { key: 'a', value: '1' });
    await ok('browser_sessionstorage_clear');
    expect(await page().evaluate(() => sessionStorage.length)).toBe(0);
  });

  it('tells the agent to navigate first on a page with an opaque origin', async () => {
    await ok('browser_navigate', { url: 'about:blank' });
    expect(await fails('browser_localstorage_list')).toMatch(/about:blank has an opaque origin.*browser_navigate/s);
    await ok('browser_navigate', { url: 'data:text/html,<h1>data</h1>' });
    expect(await fails('browser_sessionstorage_set', { key: 'k', value: 'v' })).toMatch(/opaque origin.*Navigate/s);
  });

  it('reads and writes correctly on a page that replaced Storage.prototype, JSON and Array methods', async () => {
    await go('/hostile');
    expect(await page().evaluate(() => localStorage.getItem('pre'))).toBe('forged');
    expect(await ok('browser_localstorage_get', { key: 'pre' })).toContain('pre=original');
    await ok('browser_localstorage_set', { key: 'written', value: 'real' });
    const list = await ok('browser_localstorage_list');
    expect(list).toContain('pre=original');
    expect(list).toContain('written=real');
    expect(list).not.toContain('forged');
    await ok('browser_sessionstorage_set', { key: 's', value: 'real-s' });
    expect(await ok('browser_sessionstorage_get', { key: 's' })).toContain('s=real-s');
    // A normal page of the same origin reads the shared storage area with the page's own API.
    await go('/page');
    expect(await page().evaluate(() => [localStorage.getItem('pre'), localStorage.getItem('written'), sessionStorage.getItem('s')])).toEqual(['original', 'real', 'real-s']);
    await go('/hostile');
    await ok('browser_localstorage_delete', { key: 'written' });
    await ok('browser_localstorage_clear');
    await go('/page');
    expect(await page().evaluate(() => localStorage.length)).toBe(0);
  });
});

describe('a page that stops answering', () => {
  it('fails web-storage calls within the action timeout; cookie tools still answer', async () => {
    const busy = inProcessSession({ caps: ['storage'], actionTimeoutMs: 500 });
    try {
      expect((await busy.call('browser_navigate', { url: `${server.origin}/page` })).isError).toBe(false);
      const tab = busy.session.currentTabOrUndefined()!;
      // The page logs right before it starts looping, so once the log arrives the renderer is stuck.
      const looping = tab.page.waitForEvent('console', message => message.text() === 'looping');
      await tab.page.evaluate(() => { setTimeout(() => { console.log('looping'); for (;;) { /* busy */ } }, 0); });
      await looping;
      const stuck = await busy.call('browser_localstorage_get', { key: 'k' });
      expect(stuck.isError).toBe(true);
      expect(stuck.text).toContain("The page's localStorage (get) did not answer within 500ms");
      const cookies = await busy.call('browser_cookie_list');
      expect(cookies.isError, cookies.text).toBe(false);
    } finally {
      await busy.close();
    }
  });
});

describe('storage state files', () => {
  it('saves a file that Playwright loads with the cookie and the localStorage', async () => {
    await go('/page');
    await ok('browser_cookie_set', { name: 'saved', value: 'c1' });
    await ok('browser_localstorage_set', { key: 'savedKey', value: 'l1' });
    const text = await ok('browser_storage_state', { filename: 'state.json' });
    const path = join(s.config.outputDir, 'state.json');
    expect(text).toContain('- [Storage state](./state.json)');
    const state = JSON.parse(readFileSync(path, 'utf8'));
    expect(state.cookies).toContainEqual(expect.objectContaining({ name: 'saved', value: 'c1', domain: '127.0.0.1' }));
    expect(state.origins).toContainEqual({ origin: server.origin, localStorage: [{ name: 'savedKey', value: 'l1' }] });

    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
    try {
      const context = await browser.newContext({ storageState: path });
      const fresh = await context.newPage();
      await fresh.goto(`${server.origin}/echo`);
      expect(lastCookie).toContain('saved=c1');
      expect(await fresh.evaluate(() => localStorage.getItem('savedKey'))).toBe('l1');
    } finally {
      await browser.close();
    }

    await ok('browser_storage_state');
    expect(readdirSync(s.config.outputDir).some(name => /^storage-state-.*\.json$/.test(name))).toBe(true);
    expect(await fails('browser_storage_state', { filename: '/etc/ariaref-state.json' })).toContain('outside allowed roots');
    expect(existsSync('/etc/ariaref-state.json')).toBe(false);
  });

  it('restores a file: old cookies and localStorage are cleared, a fresh page sees the new ones', async () => {
    const path = join(s.config.outputDir, 'restore.json');
    writeFileSync(path, JSON.stringify({
      cookies: [{ name: 'restored', value: 'r1', domain: '127.0.0.1', path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' }],
      origins: [{ origin: server.origin, localStorage: [{ name: 'restoredKey', value: 'r2' }] }],
    }));
    expect(await ok('browser_set_storage_state', { filename: 'restore.json' })).toContain('Storage state restored from restore.json (1 cookie, 1 origin with localStorage)');
    await ok('browser_tabs', { action: 'new', url: `${server.origin}/echo` });
    expect(lastCookie).toBe('restored=r1');
    expect(await page().evaluate(() => [localStorage.getItem('restoredKey'), localStorage.getItem('savedKey')])).toEqual(['r2', null]);
    await ok('browser_tabs', { action: 'close' });

    // A bare name written by browser_storage_state loads back by the same name.
    await ok('browser_cookie_set', { name: 'again', value: 'a1' });
    await ok('browser_storage_state', { filename: 'roundtrip.json' });
    await ok('browser_cookie_clear');
    await ok('browser_set_storage_state', { filename: 'roundtrip.json' });
    await go('/echo');
    expect(lastCookie).toContain('again=a1');
  });

  it('round-trips what page script stored: saved, cleared by the page, restored from the absolute path', async () => {
    await go('/page');
    await page().evaluate(() => { document.cookie = 'scriptCookie=sv'; localStorage.setItem('scriptKey', 'lv'); });
    await ok('browser_storage_state', { filename: 'script-state.json' });
    await page().evaluate(() => { document.cookie = 'scriptCookie=; expires=Thu, 01 Jan 1970 00:00:00 GMT'; localStorage.clear(); });
    const read = () => page().evaluate(() => document.cookie + '|' + localStorage.getItem('scriptKey'));
    expect(await read()).not.toContain('scriptCookie=sv');
    await ok('browser_set_storage_state', { filename: join(s.config.outputDir, 'script-state.json') });
    await go('/page');
    expect(await read()).toMatch(/scriptCookie=sv.*\|lv$/);
  });

  it('refuses a missing, malformed or misshapen file, and keeps the current state', async () => {
    const dir = s.config.outputDir;
    writeFileSync(join(dir, 'broken.json'), '{"cookies": [');
    writeFileSync(join(dir, 'shape.json'), JSON.stringify({ cookies: [{ name: 'n' }] }));
    expect(await fails('browser_set_storage_state', { filename: 'missing.json' })).toMatch(/missing\.json does not exist.*browser_storage_state/s);
    expect(await fails('browser_set_storage_state', { filename: 'broken.json' })).toContain('is not valid JSON');
    expect(await fails('browser_set_storage_state', { filename: 'shape.json' })).toContain('cookies[0] needs a string "name" and "value"');
    expect(await fails('browser_set_storage_state', { filename: '/etc/passwd' })).toContain('outside allowed roots');
    await go('/echo');
    expect(lastCookie).toContain('again=a1');
  });
});

describe('--storage-state', () => {
  it('loads the file into a fresh session: cookies and localStorage', async () => {
    const dir = tempDir('ariaref-storage-flag-');
    const file = join(dir, 'state.json');
    writeFileSync(file, JSON.stringify({
      cookies: [{ name: 'flag', value: 'f1', domain: '127.0.0.1', path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' }],
      origins: [{ origin: server.origin, localStorage: [{ name: 'flagKey', value: 'f2' }] }],
    }));
    const { config } = parseConfig(['--storage-state', file, '--caps', 'storage'], {});
    const fresh = inProcessSession({ ...config, executablePath: '/usr/bin/chromium', outputDir: dir });
    try {
      const r = await fresh.call('browser_navigate', { url: `${server.origin}/echo` });
      expect(r.isError, r.text).toBe(false);
      expect(lastCookie).toBe('flag=f1');
      expect((await fresh.call('browser_localstorage_get', { key: 'flagKey' })).text).toContain('flagKey=f2');
      expect(await fresh.session.currentTabOrUndefined()!.page.evaluate(() => localStorage.getItem('flagKey'))).toBe('f2');
    } finally {
      await fresh.close();
    }
  });
});
