// The HTTP server's lifecycle as Playwright MCP's tests watch it (DEBUG=pw:mcp:test lines): a
// launched browser closes with its last client, a persistent profile serves one client at a time,
// and the heartbeat ends a session whose client stopped answering pings, but never one that
// never opened its event stream.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { PingRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { call, servePages, startHttpServer, tempDir, type PageServer } from './helpers.js';
import { debugEnabled, debugLog } from '../../driver/debug-log.js';
import { defaultAllowedHosts, hostAllowed } from '../../driver/mcp/http.js';

let site: PageServer;
let server: { process: ChildProcess; url: string; stderr: () => string } | undefined;

beforeAll(async () => { site = await servePages({ '/': '<!doctype html><title>Hello</title><p>Hello, world!</p>' }); });
afterEach(() => { server?.process.kill('SIGTERM'); server = undefined; });
afterAll(async () => { await site?.close(); });

const DEBUG_ENV = { DEBUG: 'pw:mcp:test', DEBUG_HIDE_DATE: '1' };

/** How many times each lifecycle line was printed. */
function lifecycle(stderr: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const line of stderr.split('\n')) {
    const match = /^pw:mcp:test (.+)$/.exec(line);
    if (match) counts[match[1]] = (counts[match[1]] ?? 0) + 1;
  }
  return counts;
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise(resolve => setTimeout(resolve, 50));
  if (!check()) throw new Error(`timed out waiting for ${what}: ${server?.stderr()}`);
}

async function client(url: string, options: { answerPings?: boolean } = {}) {
  const mcp = new Client({ name: 'lifecycle', version: '0' });
  if (options.answerPings === false) mcp.setRequestHandler(PingRequestSchema, () => new Promise(() => {}));
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await mcp.connect(transport);
  return { mcp, end: async () => { await transport.terminateSession().catch(() => {}); await mcp.close(); } };
}

describe('DEBUG patterns', () => {
  it('follows the debug package: lists, wildcards and exclusions', () => {
    expect(debugEnabled('pw:mcp:test', 'pw:mcp:test')).toBe(true);
    expect(debugEnabled('pw:mcp:test', 'pw:*')).toBe(true);
    expect(debugEnabled('pw:mcp:test', 'other, pw:mcp:*')).toBe(true);
    expect(debugEnabled('pw:mcp:test', '*,-pw:mcp:test')).toBe(false);
    expect(debugEnabled('pw:mcp:test', 'pw:mcp')).toBe(false);
    expect(debugEnabled('pw:mcp:test', undefined)).toBe(false);
  });

  it('writes a line on the enabled channel only, without the date under DEBUG_HIDE_DATE', () => {
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown) => { written.push(String(chunk)); return true; });
    vi.stubEnv('DEBUG', 'pw:mcp:backend');
    vi.stubEnv('DEBUG_HIDE_DATE', '1');
    try {
      debugLog('pw:mcp:backend', 'browser disconnected');
      debugLog('pw:mcp:test', 'create context');
    } finally {
      spy.mockRestore();
      vi.unstubAllEnvs();
    }
    expect(written).toEqual(['pw:mcp:backend browser disconnected\n']);
  });
});

describe('Host check', () => {
  it('accepts only the allowed Host headers (by default the banner address, as Playwright MCP checks)', () => {
    const banner = ['localhost:8931'];
    expect(hostAllowed('localhost:8931', banner)).toBe(true);
    expect(hostAllowed('LOCALHOST:8931', banner)).toBe(true);
    expect(hostAllowed('localhost:9999', banner)).toBe(false);
    expect(hostAllowed('127.0.0.1:8931', banner)).toBe(false);
    expect(hostAllowed('attacker.example:8931', banner)).toBe(false);
    expect(hostAllowed('127.0.0.1.attacker.example', banner)).toBe(false);
    expect(hostAllowed(undefined, banner)).toBe(false);
    expect(hostAllowed('box.lan:8931', ['box.lan'])).toBe(true);
    expect(hostAllowed('box.lan:8931', ['box.lan:8931', 'localhost:8931'])).toBe(true);
    expect(hostAllowed('anything', ['*'])).toBe(true);
  });

  it('allows every loopback name with the port by default when loopback reaches the server', () => {
    const loopback = defaultAllowedHosts({ address: '127.0.0.1', family: 'IPv4', port: 8931 });
    expect(loopback).toEqual(['localhost:8931', '127.0.0.1:8931', '[::1]:8931']);
    expect(defaultAllowedHosts({ address: '::', family: 'IPv6', port: 8931 })).toEqual(loopback);
    for (const host of ['localhost:8931', '127.0.0.1:8931', '[::1]:8931']) expect(hostAllowed(host, loopback), host).toBe(true);
    for (const host of ['127.0.0.1:8932', 'attacker.example:8931', 'localhost.attacker.example:8931', '[::1]']) expect(hostAllowed(host, loopback), host).toBe(false);
    // Bound to one LAN address, loopback does not reach it: only the banner's name.
    expect(defaultAllowedHosts({ address: '192.168.1.5', family: 'IPv4', port: 8931 })).toEqual(['192.168.1.5:8931']);
  });
});

describe('HTTP lifecycle', () => {
  it('launches a persistent profile per client and closes it when the client leaves', async () => {
    server = await startHttpServer(['--user-data-dir', tempDir('ariaref-profile-')], DEBUG_ENV);
    for (let round = 0; round < 2; round++) {
      const c = await client(server.url);
      const nav = await call(c.mcp, 'browser_navigate', { url: site.origin });
      expect(nav.isError, nav.text).toBe(false);
      await c.end();
    }
    await until(() => lifecycle(server!.stderr())['close browser'] === 2, 'two closed browsers');
    expect(lifecycle(server.stderr())).toEqual({
      'create http session': 2, 'delete http session': 2, 'create browser (persistent)': 2, 'create context': 2, 'close browser': 2,
    });
  }, 60_000);

  it('refuses a second concurrent client on one persistent profile with the way out', async () => {
    server = await startHttpServer(['--user-data-dir', tempDir('ariaref-profile-')]);
    const first = await client(server.url);
    const second = await client(server.url);
    try {
      expect((await call(first.mcp, 'browser_navigate', { url: site.origin })).isError).toBe(false);
      const refused = await call(second.mcp, 'browser_navigate', { url: site.origin });
      expect(refused.isError).toBe(true);
      expect(refused.text).toContain('use --isolated to run multiple instances of the same browser');
    } finally {
      await first.end();
      await second.end();
    }
  }, 60_000);

  it('closes an isolated browser with its last client', async () => {
    server = await startHttpServer(['--isolated'], DEBUG_ENV);
    const c = await client(server.url);
    expect((await call(c.mcp, 'browser_navigate', { url: site.origin })).isError).toBe(false);
    await c.end();
    await until(() => !!lifecycle(server!.stderr())['close browser'], 'the browser to close');
    expect(lifecycle(server.stderr())).toEqual({
      'create http session': 1, 'delete http session': 1, 'create browser (isolated)': 1, 'create context': 1, 'close browser': 1,
    });
  }, 60_000);

  it('ends the session of a client that stops answering pings', async () => {
    server = await startHttpServer(['--isolated'], { ...DEBUG_ENV, PLAYWRIGHT_MCP_PING_TIMEOUT_MS: '300' });
    const c = await client(server.url, { answerPings: false });
    // The session may be reaped mid-call, so the call may never be answered: not awaited.
    void call(c.mcp, 'browser_navigate', { url: site.origin }).catch(() => {});
    await until(() => lifecycle(server!.stderr())['delete http session'] === 1, 'the session to be reaped');
    await c.mcp.close();
  }, 60_000);

  it('keeps the session of a client whose call is still open, however late its pings, and ends it once the call is answered', async () => {
    // A live client on a starved machine answers pings late; its open call (its socket would
    // close with a killed process) says it is there. Two missed pings take about 6.6 s here.
    server = await startHttpServer(['--isolated'], { ...DEBUG_ENV, PLAYWRIGHT_MCP_PING_TIMEOUT_MS: '300' });
    const c = await client(server.url, { answerPings: false });
    const answer = await call(c.mcp, 'browser_wait_for', { time: 9 });
    expect(answer.isError).toBe(false);
    expect(answer.text).toContain('Waited for 9 seconds');
    expect(lifecycle(server.stderr())['delete http session']).toBeUndefined();
    await until(() => lifecycle(server!.stderr())['delete http session'] === 1, 'the session to be reaped');
    await c.mcp.close();
  }, 60_000);

  it('keeps a session alive when the heartbeat is off (PLAYWRIGHT_MCP_PING_TIMEOUT_MS=0)', async () => {
    server = await startHttpServer(['--isolated'], { ...DEBUG_ENV, PLAYWRIGHT_MCP_PING_TIMEOUT_MS: '0' });
    const c = await client(server.url, { answerPings: false });
    expect((await call(c.mcp, 'browser_navigate', { url: site.origin })).isError).toBe(false);
    // Long enough for several pings at the default interval, had the heartbeat run.
    await new Promise(resolve => setTimeout(resolve, 1000));
    expect((await call(c.mcp, 'browser_snapshot')).text).toContain('Hello, world!');
    expect(lifecycle(server.stderr())['delete http session']).toBeUndefined();
    await c.end();
  }, 60_000);
});
