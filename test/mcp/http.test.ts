// End to end over Streamable HTTP: `ariaref mcp --port 0` in its own process, two concurrent
// client sessions that must never see each other's tabs, and the DNS-rebinding Host check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { call, sectionOf, servePages, startHttpServer as startServer, type PageServer } from './helpers.js';
import { pages } from './pages.js';
import { serveHttp } from '../../driver/mcp/http.js';
import { defaultConfig } from '../../driver/mcp/config.js';

let site: PageServer;
let server: ChildProcess;
let url: string;

async function connect(): Promise<Client> {
  const client = new Client({ name: 'ariaref-http-test', version: '0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

function statusWithHost(host: string): Promise<number> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname: target.hostname, port: target.port, path: '/mcp', method: 'POST', headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } }, res => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '0' } } }));
  });
}

beforeAll(async () => {
  site = await servePages(pages);
  // Subresources and navigations to "localhost" are blocked; pages are served on 127.0.0.1.
  ({ process: server, url } = await startServer(['--blocked-origins', 'localhost']));
});

afterAll(async () => {
  server?.kill('SIGTERM');
  await site?.close();
});

describe('Streamable HTTP', () => {
  it('gives concurrent sessions isolated browser contexts', async () => {
    const [alice, bob] = await Promise.all([connect(), connect()]);
    try {
      await Promise.all([
        call(alice, 'browser_navigate', { url: `${site.origin}/login` }),
        call(bob, 'browser_navigate', { url: `${site.origin}/tabs` }),
      ]);
      await call(bob, 'browser_tabs', { action: 'new', url: `${site.origin}/target` });
      const [aliceTabs, bobTabs] = await Promise.all([
        call(alice, 'browser_tabs', { action: 'list' }),
        call(bob, 'browser_tabs', { action: 'list' }),
      ]);
      const aliceList = sectionOf(aliceTabs.text, 'Result');
      const bobList = sectionOf(bobTabs.text, 'Result');
      expect(aliceList).toContain('/login');
      expect(aliceList).not.toContain('/tabs');
      expect(aliceList).not.toContain('/target');
      expect(bobList).toContain('/tabs');
      expect(bobList).toContain('/target');
      expect(bobList).not.toContain('/login');
    } finally {
      await Promise.all([alice.close(), bob.close()]);
    }
  });

  it('enforces blocked origins for navigations and subresources', async () => {
    const client = await connect();
    try {
      const port = new URL(site.origin).port;
      const refused = await call(client, 'browser_navigate', { url: `http://localhost:${port}/login` });
      expect(refused.isError).toBe(true);
      expect(refused.text).toContain('--blocked-origins');
      const cross = await call(client, 'browser_navigate', { url: `${site.origin}/cross` });
      expect(cross.isError, cross.text).toBe(false);
      const snapshot = sectionOf(cross.text, 'Snapshot');
      expect(snapshot).toContain('heading "Outer"');
      expect(snapshot).toContain('iframe');
      expect(snapshot).not.toContain('heading "Target"');
    } finally {
      await client.close();
    }
  });

  it('accepts the banner address and every loopback name as Host, and refuses others (DNS rebinding)', async () => {
    const port = new URL(url).port;
    expect(new URL(url).hostname).toBe('localhost');
    expect(await statusWithHost('evil.example:80')).toBe(403);
    expect(await statusWithHost(`evil.example:${port}`)).toBe(403);
    expect(await statusWithHost(`127.0.0.1.evil.example:${port}`)).toBe(403);
    expect(await statusWithHost(`localhost:${Number(port) + 1}`)).toBe(403);
    for (const name of ['localhost', '127.0.0.1', '[::1]']) expect(await statusWithHost(`${name}:${port}`), name).toBe(200);
  });

  it('serves a client at http://127.0.0.1:PORT/mcp, as the README tells users to connect', async () => {
    const client = new Client({ name: 'ariaref-readme', version: '0' });
    const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${new URL(url).port}/mcp`));
    await client.connect(transport);
    try {
      const nav = await call(client, 'browser_navigate', { url: `${site.origin}/target` });
      expect(nav.isError, nav.text).toBe(false);
      expect(sectionOf(nav.text, 'Snapshot')).toMatch(/heading "Target"/);
    } finally {
      await transport.terminateSession();
      await client.close();
    }
  });

  it('answers Streamable HTTP at the banner root URL too, and a bare GET with 400', async () => {
    const root = new URL('/', url);
    const client = new Client({ name: 'ariaref-http-root', version: '0' });
    const transport = new StreamableHTTPClientTransport(root);
    await client.connect(transport);
    try {
      expect(transport.sessionId).toBeDefined();
      const tools = await client.listTools();
      expect(tools.tools.some(tool => tool.name === 'browser_navigate')).toBe(true);
    } finally {
      await transport.terminateSession();
      await client.close();
    }
    const bare = await fetch(root);
    expect(bare.status).toBe(400);
  });
});

describe('session lifetime (in process)', () => {
  it('closes a session and its browser context when the client ends it', async () => {
    const server = await serveHttp({ ...defaultConfig(), port: 0, executablePath: '/usr/bin/chromium' });
    try {
      const client = new Client({ name: 'ariaref-http-lifetime', version: '0' });
      const transport = new StreamableHTTPClientTransport(new URL(server.url));
      await client.connect(transport);
      const nav = await call(client, 'browser_navigate', { url: `${site.origin}/target` });
      expect(nav.isError, nav.text).toBe(false);
      expect(server.sessionCount()).toBe(1);
      await transport.terminateSession();
      await client.close();
      expect(server.sessionCount()).toBe(0);
    } finally {
      await server.close();
    }
  });
});

describe('legacy SSE transport at /sse', () => {
  it('serves a session over GET /sse + POST /sse?sessionId, drives a page, and ends it when the stream closes', async () => {
    const server = await serveHttp({ ...defaultConfig(), port: 0, executablePath: '/usr/bin/chromium' });
    try {
      const client = new Client({ name: 'ariaref-sse', version: '0' });
      await client.connect(new SSEClientTransport(new URL('/sse', server.url)));
      await client.ping();
      const nav = await call(client, 'browser_navigate', { url: `${site.origin}/target` });
      expect(nav.isError, nav.text).toBe(false);
      expect(sectionOf(nav.text, 'Snapshot')).toMatch(/heading "Target"/);
      expect(server.sessionCount()).toBe(1);
      await client.close();
      await expect.poll(() => server.sessionCount()).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('refuses a POST for an unknown SSE session with the next step', async () => {
    const server = await serveHttp({ ...defaultConfig(), port: 0, executablePath: '/usr/bin/chromium' });
    try {
      const response = await fetch(new URL('/sse?sessionId=nope', server.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(response.status).toBe(404);
      expect(await response.text()).toMatch(/open a new stream with GET \/sse/);
    } finally {
      await server.close();
    }
  });
});
