// The one loopback HTTP server every test suite serves its pages from (127.0.0.1 only; the same
// port is also reachable as http://localhost:PORT, another origin for cross-origin iframes).
// Routes map a path to an HTML string or a handler; anything else goes to `fallback` (404 by default).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export type Route = string | ((req: IncomingMessage, res: ServerResponse) => void);

export interface LoopbackServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** http://localhost:PORT: same server, another origin. */
  crossOrigin: string;
  route(path: string, route: Route): void;
  /** Stops the server, cutting responses that never ended (routes that never answer). */
  close(): Promise<void>;
}

export interface LoopbackOptions {
  routes?: Record<string, Route>;
  /** Answers paths without a route (static files...); default 404. */
  fallback?: (req: IncomingMessage, res: ServerResponse, path: string) => void;
}

export async function startLoopbackServer(options: LoopbackOptions = {}): Promise<LoopbackServer> {
  const routes = new Map<string, Route>(Object.entries(options.routes ?? {}));
  const open = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const route = routes.get(path);
    if (typeof route === 'function') return route(req, res);
    if (typeof route === 'string') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(route);
      return;
    }
    if (options.fallback) return options.fallback(req, res, path);
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>(done => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    crossOrigin: `http://localhost:${address.port}`,
    route: (path, route) => { routes.set(path, route); },
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>(done => server.close(() => done()));
    },
  };
}
