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
import { BrowserHost } from '../index.js';
import { createSession, type McpSession } from './server.js';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Clients that vanish without ending their session (DELETE) would otherwise keep a browser context forever. */
const IDLE_SESSION_MS = 30 * 60_000;

/** The hostname of a Host header, without the port ("[::1]:8931" → "[::1]"). */
function hostname(hostHeader: string): string {
  const value = hostHeader.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.split(':')[0];
}

export function hostAllowed(hostHeader: string | undefined, allowedHosts: string[]): boolean {
  if (allowedHosts.includes('*')) return true;
  if (!hostHeader) return false;
  const name = hostname(hostHeader);
  return LOCAL_HOSTS.has(name) || allowedHosts.some(h => h.toLowerCase() === name || h.toLowerCase() === hostHeader.toLowerCase());
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

interface LiveSession { session: McpSession; transport: StreamableHTTPServerTransport | SSEServerTransport; lastSeen: number }

export interface HttpMcpServer {
  url: string;
  /** Live sessions (each holding a browser context). */
  sessionCount(): number;
  close(): Promise<void>;
}

export async function serveHttp(config: ServerConfig): Promise<HttpMcpServer> {
  const host = new BrowserHost(config);
  const sessions = new Map<string, LiveSession>();

  const endSession = async (id: string) => {
    const live = sessions.get(id);
    if (!live) return;
    sessions.delete(id);
    await live.session.close();
  };

  async function startSession(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const session = createSession(config, host);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: id => { sessions.set(id, { session, transport, lastSeen: Date.now() }); },
      onsessionclosed: id => endSession(id),
    });
    transport.onclose = () => { if (transport.sessionId) void endSession(transport.sessionId); else void session.close(); };
    await session.server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  /** GET /sse: a long-lived event stream; the session lives as long as the stream. */
  async function startSseSession(res: ServerResponse): Promise<void> {
    const session = createSession(config, host);
    const transport = new SSEServerTransport('/sse', res);
    sessions.set(transport.sessionId, { session, transport, lastSeen: Date.now() });
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
    live.lastSeen = Date.now();
    let body: unknown;
    try {
      body = await readJson(req);
    } catch (error) {
      return sendJsonRpcError(res, 400, `Invalid JSON body: ${(error as Error).message}.`);
    }
    return live.transport.handlePostMessage(req, res, body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!hostAllowed(req.headers.host, config.allowedHosts))
      return sendJsonRpcError(res, 403, `Host "${req.headers.host ?? ''}" is not allowed. Connect through localhost, or start the server with --allowed-hosts ${req.headers.host ? hostname(req.headers.host) : '<host>'}.`);
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/sse') return handleSse(req, res, url);
    if (url.pathname !== '/mcp') return sendJsonRpcError(res, 404, 'Not found: the MCP endpoint is /mcp (Streamable HTTP), or /sse for the legacy SSE transport.');
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
      live.lastSeen = Date.now();
      return live.transport.handleRequest(req, res, body);
    }
    if (req.method === 'POST' && (Array.isArray(body) ? body.some(isInitializeRequest) : isInitializeRequest(body)))
      return startSession(req, res, body);
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
    for (const [id, live] of sessions) if (now - live.lastSeen > IDLE_SESSION_MS) void endSession(id);
  }, 60_000);
  sweeper.unref();
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}/mcp`,
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
