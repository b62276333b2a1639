// Serves MCP over Streamable HTTP at /mcp, and over the legacy SSE transport at /sse (GET opens
// the event stream, POST /sse?sessionId=... carries the messages) for clients that still use it,
// as Playwright MCP does. Each session gets its own isolated browser context (closed with the
// session), all sharing one browser process. Host headers are checked so a web page can't reach
// the server through DNS rebinding.
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { ServerConfig } from './config.js';
import { BrowserHost, lifecycleLog } from '../index.js';
import { createSession, type McpSession } from './server.js';
import { ClientLiveness } from './liveness.js';

const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Clients that never open an event stream cannot be pinged: this bounds how long they hold a browser context. */
const IDLE_SESSION_MS = 30 * 60_000;
/** Heartbeat (Playwright MCP's): a client with an open event stream must answer a ping within this. */
const DEFAULT_PING_TIMEOUT_MS = 5000;
const PING_INTERVAL_MS = 3000;
/** Unanswered pings in a row, with nothing else heard from the client, that end its session. */
const PINGS_MISSED_WHEN_GONE = 2;
/** A client whose event stream closed must reopen it or call again within this (SDK clients reconnect in ~1 s). */
const RECONNECT_GRACE_MS = 4000;
/** Names that always mean this machine: a DNS-rebinding page sends its own name instead, so these are safe to accept. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The hostname of a Host header, without the port ("[::1]:8931" → "[::1]"). */
function hostname(hostHeader: string): string {
  const value = hostHeader.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.split(':')[0];
}

/**
 * Whether a request's Host header may reach the server: one of `allowedHosts` (`host:port`, or a
 * bare host for any port; `*` for any), by default only the address the banner prints
 * (`localhost:PORT`), as Playwright MCP checks it. A web page that rebinds its own domain to
 * 127.0.0.1 still sends its own name, and is refused.
 */
export function hostAllowed(hostHeader: string | undefined, allowedHosts: string[]): boolean {
  if (allowedHosts.includes('*')) return true;
  if (!hostHeader) return false;
  const header = hostHeader.trim().toLowerCase();
  return allowedHosts.some(entry => {
    const allowed = entry.toLowerCase();
    return allowed === header || allowed === hostname(header);
  });
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

/** PLAYWRIGHT_MCP_PING_TIMEOUT_MS, as Playwright MCP reads it; 0 or less turns the heartbeat off. */
function pingTimeoutMs(): number {
  const value = Number(process.env.PLAYWRIGHT_MCP_PING_TIMEOUT_MS);
  return process.env.PLAYWRIGHT_MCP_PING_TIMEOUT_MS !== undefined && Number.isFinite(value) ? value : DEFAULT_PING_TIMEOUT_MS;
}

function sendJsonRpcError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('Request body too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

interface LiveSession {
  session: McpSession;
  transport: StreamableHTTPServerTransport | SSEServerTransport;
  liveness: ClientLiveness;
}

export interface HttpMcpServer {
  url: string;
  /** Live sessions (each holding a browser context). */
  sessionCount(): number;
  close(): Promise<void>;
}

/** A bound address that this machine's own loopback names reach: loopback itself, or every address. */
function reachedByLoopback(address: AddressInfo): boolean {
  return ['127.0.0.1', '::1', '0.0.0.0', '::'].includes(address.address) || address.address.startsWith('127.');
}

/** How the banner names a bound address: loopback and any-address as `localhost`, as Playwright MCP prints it. */
function printableHost(address: AddressInfo): string {
  if (reachedByLoopback(address)) return 'localhost';
  return address.family === 'IPv6' ? `[${address.address}]` : address.address;
}

/**
 * The Host headers accepted without --allowed-hosts: the banner's address and, when loopback
 * reaches the server, every loopback name with the port (`127.0.0.1:8931` as the README writes it).
 */
export function defaultAllowedHosts(address: AddressInfo): string[] {
  const banner = `${printableHost(address)}:${address.port}`;
  if (!reachedByLoopback(address)) return [banner];
  return LOOPBACK_NAMES.map(name => `${name}:${address.port}`);
}

export async function serveHttp(config: ServerConfig): Promise<HttpMcpServer> {
  const host = new BrowserHost(config);
  const sessions = new Map<string, LiveSession>();
  let allowedHosts: string[] = config.allowedHosts;

  const endSession = async (id: string) => {
    const live = sessions.get(id);
    if (!live) return;
    sessions.delete(id);
    live.liveness.stop();
    lifecycleLog(live.transport instanceof SSEServerTransport ? 'delete SSE session' : 'delete http session');
    await live.session.close();
  };

  const newLiveness = (session: McpSession, id: () => string | undefined) => new ClientLiveness({
    pingTimeoutMs: pingTimeoutMs(),
    pingIntervalMs: PING_INTERVAL_MS,
    reconnectGraceMs: RECONNECT_GRACE_MS,
    missesAllowed: PINGS_MISSED_WHEN_GONE,
    ping: () => session.server.ping(),
    gone: () => { const sessionId = id(); if (sessionId) void endSession(sessionId); },
  });

  async function startSession(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const session = createSession(config, host);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: id => {
        lifecycleLog('create http session');
        const liveness = newLiveness(session, () => transport.sessionId);
        liveness.request(res, false);
        sessions.set(id, { session, transport, liveness });
      },
      // The DELETE is answered at once; the context closes behind it (the SDK awaits this callback).
      onsessionclosed: id => { void endSession(id); },
    });
    transport.onclose = () => { if (transport.sessionId) void endSession(transport.sessionId); else void session.close(); };
    await session.server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  /** GET /sse: a long-lived event stream; the session lives as long as the stream. */
  async function startSseSession(res: ServerResponse): Promise<void> {
    const session = createSession(config, host);
    const transport = new SSEServerTransport('/sse', res);
    lifecycleLog('create SSE session');
    // The SSE stream is the session: its close ends it below, so the liveness only bounds an idle client.
    sessions.set(transport.sessionId, { session, transport, liveness: newLiveness(session, () => undefined) });
    transport.onclose = () => void endSession(transport.sessionId);
    res.on('close', () => void endSession(transport.sessionId));
    await session.server.connect(transport);
  }

  async function handleSse(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.method === 'GET') return startSseSession(res);
    if (req.method !== 'POST') return sendJsonRpcError(res, 405, 'The SSE endpoint takes GET (open the stream) and POST /sse?sessionId=<id> (send a message).');
    const id = url.searchParams.get('sessionId');
    const live = id ? sessions.get(id) : undefined;
    if (!live || !(live.transport instanceof SSEServerTransport))
      return sendJsonRpcError(res, 404, 'Unknown or expired SSE session: open a new stream with GET /sse.');
    live.liveness.request(res, false);
    let body: unknown;
    try {
      body = await readJson(req);
    } catch (error) {
      return sendJsonRpcError(res, 400, `Invalid JSON body: ${(error as Error).message}.`);
    }
    return live.transport.handlePostMessage(req, res, body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!req.headers.host && !allowedHosts.includes('*')) return sendText(res, 400, 'Missing host');
    if (!hostAllowed(req.headers.host, allowedHosts))
      return sendText(res, 403, `Access is only allowed at ${allowedHosts.join(', ')}. Connect through ${allowedHosts.length > 1 ? 'one of these addresses' : 'that address'}, or start the server with --allowed-hosts ${hostname(req.headers.host!)}.`);
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/sse')) return handleSse(req, res, url);
    // Streamable HTTP at /mcp, and at every other path (the banner's root URL), as Playwright MCP answers.
    const sessionId = req.headers['mcp-session-id'];
    const id = Array.isArray(sessionId) ? sessionId[0] : sessionId;
    let body: unknown;
    if (req.method === 'POST') {
      try {
        body = await readJson(req);
      } catch (error) {
        return sendJsonRpcError(res, 400, `Invalid JSON body: ${(error as Error).message}.`);
      }
    }
    if (id) {
      const live = sessions.get(id);
      if (!live || !(live.transport instanceof StreamableHTTPServerTransport)) return sendJsonRpcError(res, 404, 'Unknown or expired session: initialize a new one.');
      live.liveness.request(res, req.method === 'GET');
      return live.transport.handleRequest(req, res, body);
    }
    if (req.method === 'POST' && (Array.isArray(body) ? body.some(isInitializeRequest) : isInitializeRequest(body)))
      return startSession(req, res, body);
    if (req.method !== 'POST') return sendText(res, 400, 'Invalid request');
    return sendJsonRpcError(res, 400, 'No session: send an initialize request first (without an mcp-session-id header).');
  }

  const server: HttpServer = createServer((req, res) => {
    handle(req, res).catch(error => {
      if (!res.headersSent) sendJsonRpcError(res, 500, `Internal error: ${(error as Error).message}`);
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port ?? 0, config.host, () => resolve());
  });
  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const [id, live] of sessions) if (now - live.liveness.lastSeen > IDLE_SESSION_MS) void endSession(id);
  }, 60_000);
  sweeper.unref();
  const address = server.address() as AddressInfo;
  const origin = `${printableHost(address)}:${address.port}`;
  if (!allowedHosts.length) allowedHosts = defaultAllowedHosts(address);
  return {
    url: `http://${origin}/mcp`,
    sessionCount: () => sessions.size,
    async close() {
      clearInterval(sweeper);
      await Promise.all([...sessions.keys()].map(endSession));
      await new Promise<void>(resolve => server.close(() => resolve()));
      server.closeAllConnections?.();
      await host.closeAll();
    },
  };
}
