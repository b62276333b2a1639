// The network group end to end in real Chromium: routes change what the page's own fetch gets
// (mocked status, body, type and headers; request headers added and removed), in every tab;
// unroute brings the real server back; offline cuts the network; routed requests are marked in
// the request listing; the origin policy still wins over a route; and the clear tools empty
// the next listing while later messages and requests still show.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '../support/server.js';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { allTools, toolListing } from '../../driver/tools/index.js';
import { inProcessSession, repoRoot, sectionOf, type InProcessSession } from './helpers.js';

let server: LoopbackServer;
let s: InProcessSession;

beforeAll(async () => {
  server = await startLoopbackServer({
    routes: {
      '/': '<h1>Routing</h1>',
      '/api/data': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain', 'x-real': 'server' });
        res.end('real data');
      },
      // Answers with the request headers it got, so the test sees what a route sent on.
      '/api/echo': (req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
        res.end(JSON.stringify(req.headers));
      },
    },
  });
  s = inProcessSession({ caps: ['network'] });
});

afterAll(async () => {
  await s?.close();
  await server?.close();
});

interface Fetched { ok: true; status: number; body: string; type: string | null; mock: string | null; real: string | null }
type FetchOutcome = Fetched | { ok: false; error: string };

/** The page's own fetch of `url`, as it saw it (status, body, headers) or how it failed. */
async function pageFetch(url: string, init: Record<string, unknown> = {}): Promise<FetchOutcome> {
  const result = await s.call('browser_evaluate', {
    function: `async () => {
      try {
        const r = await fetch(${JSON.stringify(url)}, ${JSON.stringify(init)});
        return { ok: true, status: r.status, body: await r.text(), type: r.headers.get('content-type'), mock: r.headers.get('x-mock'), real: r.headers.get('x-real') };
      } catch (e) { return { ok: false, error: String(e) }; }
    }`,
  });
  expect(result.isError, result.text).toBe(false);
  const json = /```(?:json)?\n([\s\S]*?)\n```/.exec(sectionOf(result.text, 'Result'))?.[1] ?? sectionOf(result.text, 'Result');
  return JSON.parse(json) as FetchOutcome;
}

async function ok(name: string, args: Record<string, unknown> = {}): Promise<string> {
  const result = await s.call(name, args);
  expect(result.isError, result.text).toBe(false);
  return result.text;
}

describe('browser_route and friends', () => {
  // Each test starts with no routes and the network on, whatever the one before left behind.
  afterEach(async () => {
    await s.call('browser_unroute');
    await s.call('browser_network_state_set', { state: 'online' });
  });

  it('mocks a response (status, body, content type, headers), lists it, marks it, and unroute restores the server', async () => {
    await ok('browser_navigate', { url: `${server.origin}/` });
    const real = await pageFetch('/api/data');
    expect(real).toMatchObject({ ok: true, status: 200, body: 'real data', real: 'server' });

    const added = await ok('browser_route', { pattern: '**/api/data', status: 418, body: '{"mock":true}', contentType: 'application/json', headers: ['X-Mock: yes'] });
    expect(added).toContain('Route added for pattern: **/api/data');
    expect(await pageFetch('/api/data')).toEqual({ ok: true, status: 418, body: '{"mock":true}', type: 'application/json', mock: 'yes', real: null });

    expect(await ok('browser_route_list')).toContain('1. **/api/data (status=418, body={"mock":true}, contentType=application/json, addHeaders={"X-Mock":"yes"})');

    const requests = sectionOf(await ok('browser_network_requests', {}), 'Result');
    const lines = requests.split('\n').filter(line => line.includes('/api/data'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).not.toContain('routed');
    expect(lines[1]).toContain('=> [418]');
    expect(lines[1]).toContain('(routed: mocked by route "**/api/data")');
    const id = Number(/^(\d+)\. /.exec(lines[1])![1]);
    expect(await ok('browser_network_request', { index: id })).toContain('    routed: mocked by route "**/api/data"');

    expect(await ok('browser_unroute', { pattern: '**/api/data' })).toContain('Removed 1 route(s) for pattern: **/api/data');
    expect(await pageFetch('/api/data')).toMatchObject({ ok: true, status: 200, body: 'real data', real: 'server' });
    expect(await ok('browser_route_list')).toContain('No active routes');
  });

  it('adds and removes request headers, and does so in a tab opened later', async () => {
    await ok('browser_navigate', { url: `${server.origin}/` });
    // A cookie the page set must still reach the server through a route that changes headers.
    await ok('browser_evaluate', { function: '() => { document.cookie = "session=abc"; }' });
    await ok('browser_route', { pattern: '/api\\/echo$/', headers: ['X-Added: one'], removeHeaders: 'X-Secret, x-other' });
    const sent = { headers: { 'X-Secret': 's3cret', 'X-Other': 'o', 'X-Kept': 'k' } };
    const first = await pageFetch('/api/echo', sent);
    expect(first.ok).toBe(true);
    const seen = JSON.parse((first as Fetched).body);
    expect(seen).toMatchObject({ 'x-added': 'one', 'x-kept': 'k', cookie: 'session=abc' });
    expect(seen).not.toHaveProperty('x-secret');
    expect(seen).not.toHaveProperty('x-other');

    const requests = sectionOf(await ok('browser_network_requests', {}), 'Result');
    expect(requests).toContain('(routed: headers changed by route "/api\\/echo$/")');

    await ok('browser_tabs', { action: 'new', url: `${server.origin}/` });
    const inNewTab = await pageFetch('/api/echo', sent);
    const seenThere = JSON.parse((inNewTab as Fetched).body);
    expect(seenThere).toMatchObject({ 'x-added': 'one' });
    expect(seenThere).not.toHaveProperty('x-secret');

    expect(await ok('browser_unroute')).toContain('Removed all 1 route(s)');
    const after = JSON.parse((await pageFetch('/api/echo', sent) as Fetched).body);
    expect(after).toMatchObject({ 'x-secret': 's3cret' });
    expect(after).not.toHaveProperty('x-added');
    await ok('browser_tabs', { action: 'close' });
  });

  it('refuses bad patterns, headers and unknown unroutes clearly, and loses no route', async () => {
    await ok('browser_navigate', { url: `${server.origin}/` });
    await ok('browser_route', { pattern: '**/api/data', body: 'kept' });
    const bad = async (name: string, args: Record<string, unknown>, ...expected: string[]) => {
      const result = await s.call(name, args);
      expect(result.isError, result.text).toBe(true);
      for (const text of expected) expect(result.text).toContain(text);
    };
    await bad('browser_route', { pattern: '**/*.{png,jpg' }, '"{" is never closed', '"**/*.{png,jpg}"');
    await bad('browser_route', { pattern: '**/a}' }, '"}" without a "{"');
    await bad('browser_route', { pattern: '/[unclosed/' }, 'Invalid regular expression /[unclosed/');
    await bad('browser_route', { pattern: '/api/data' }, 'would match no request', '"**/api/data"');
    await bad('browser_route', { pattern: '' }, 'The URL pattern is empty');
    await bad('browser_route', { pattern: '**/x', headers: ['no colon'] }, 'Invalid header "no colon": expected "Name: Value"');
    await bad('browser_route', { pattern: '**/x', status: 1000 }, 'status');
    await bad('browser_unroute', { pattern: '**/nope' }, 'No route has the pattern "**/nope"', 'Active: "**/api/data".', 'browser_route_list');

    const list = await ok('browser_route_list');
    expect(list).toContain('1. **/api/data (body=kept)');
    expect(list).not.toContain('2.');
    expect(await pageFetch('/api/data')).toMatchObject({ ok: true, status: 200, body: 'kept' });
    await ok('browser_unroute');
    const none = await s.call('browser_unroute', { pattern: '**/api/data' });
    expect(none.isError).toBe(true);
    expect(none.text).toContain('there are no active routes');
  });

  it('keeps routes on the browser context when the last tab closes', async () => {
    await ok('browser_navigate', { url: `${server.origin}/` });
    await ok('browser_route', { pattern: '**/api/data', body: 'still routed' });
    while (s.session.tabs.length) await ok('browser_tabs', { action: 'close' });
    expect(await ok('browser_route_list')).toContain('1. **/api/data (body=still routed)');
    await ok('browser_navigate', { url: `${server.origin}/` });
    expect(await pageFetch('/api/data')).toMatchObject({ ok: true, status: 200, body: 'still routed' });
  });

  it('goes offline (fetch fails) and online again (fetch succeeds)', async () => {
    await ok('browser_navigate', { url: `${server.origin}/` });
    expect(await ok('browser_network_state_set', { state: 'offline' })).toContain('Network is now offline');
    const offline = await pageFetch('/api/data');
    expect(offline.ok).toBe(false);
    expect(await ok('browser_network_state_set', { state: 'online' })).toContain('Network is now online');
    expect(await pageFetch('/api/data')).toMatchObject({ ok: true, status: 200, body: 'real data' });
  });
});

describe('browser_console_clear and browser_network_clear', () => {
  it('empty the next listing, and later messages and requests still show', async () => {
    await ok('browser_evaluate', { function: '() => console.log("before clear")' });
    await pageFetch('/api/data?before');
    expect(await ok('browser_console_messages')).toContain('before clear');
    expect(await ok('browser_network_requests')).toContain('/api/data?before');

    expect(await ok('browser_console_clear')).toContain('Console messages cleared');
    expect(await ok('browser_network_clear')).toContain('Network requests cleared');
    const consoleAfter = await ok('browser_console_messages');
    expect(consoleAfter).not.toContain('before clear');
    expect(consoleAfter).toContain('No console messages');
    const networkAfter = await ok('browser_network_requests');
    expect(networkAfter).not.toContain('/api/data?before');
    expect(networkAfter).toContain('No requests');

    await ok('browser_evaluate', { function: '() => console.log("after clear")' });
    await pageFetch('/api/data?after');
    const consoleLater = await ok('browser_console_messages');
    expect(consoleLater).toContain('after clear');
    expect(consoleLater).not.toContain('before clear');
    const networkLater = await ok('browser_network_requests');
    expect(networkLater).toContain('/api/data?after');
    expect(networkLater).not.toContain('/api/data?before');
  });
});

describe('routes under an origin policy', () => {
  it('never answer for a blocked origin, and still answer for allowed ones', async () => {
    const guarded = inProcessSession({ caps: ['network'], blockedOrigins: ['localhost'] });
    try {
      const call = async (name: string, args: Record<string, unknown> = {}) => {
        const result = await guarded.call(name, args);
        expect(result.isError, result.text).toBe(false);
        return result.text;
      };
      await call('browser_navigate', { url: `${server.origin}/` });
      // CORS-open mocks, so a fetch from the page would succeed if the route answered.
      await call('browser_route', { pattern: '**/api/data', body: 'mocked', headers: ['Access-Control-Allow-Origin: *'] });
      await call('browser_route', { pattern: '**/api/echo', headers: ['X-Added: one'] });
      const fetchIn = async (url: string) => {
        const text = await call('browser_evaluate', { function: `async () => { try { const r = await fetch(${JSON.stringify(url)}); return 'got ' + (await r.text()).slice(0, 40); } catch (e) { return 'failed'; } }` });
        return sectionOf(text, 'Result');
      };
      expect(await fetchIn(`${server.origin}/api/data`)).toContain('got mocked');
      expect(await fetchIn(`${server.crossOrigin}/api/data`)).toContain('failed');
      expect(await fetchIn(`${server.crossOrigin}/api/echo`)).toContain('failed');
      const requests = sectionOf(await call('browser_network_requests', {}), 'Result');
      const blocked = requests.split('\n').filter(line => line.includes(server.crossOrigin));
      expect(blocked).toHaveLength(2);
      for (const line of blocked) {
        expect(line).toContain('ERR_BLOCKED_BY_CLIENT');
        expect(line).not.toContain('routed');
      }
    } finally {
      await guarded.close();
    }
  });
});

describe('tool definitions', () => {
  it('cost no more tokens than Playwright MCP 0.0.83 spends on the same tools', async () => {
    const args = [join(repoRoot, 'node_modules', '@playwright', 'mcp', 'cli.js'), '--headless', '--executable-path', '/usr/bin/chromium', '--caps', 'network'];
    if (process.getuid?.() === 0) args.push('--no-sandbox');
    const client = new Client({ name: 'ariaref-routing', version: '0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args, stderr: 'pipe' }));
    try {
      const theirs = new Map((await client.listTools()).tools.map(tool => [tool.name, JSON.stringify(tool).length]));
      for (const name of ['browser_route', 'browser_route_list', 'browser_unroute', 'browser_network_state_set']) {
        const tool = allTools.find(t => t.name === name)!;
        const ours = JSON.stringify(toolListing(tool)).length;
        expect(ours, name).toBeLessThanOrEqual(theirs.get(name)!);
      }
    } finally {
      await client.close();
    }
  });
});
