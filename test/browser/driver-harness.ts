// Plumbing for the driver-core suites: a loopback server reachable as two origins
// (127.0.0.1 and localhost, so iframes can be cross-origin) and an ariaref browser.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { launch, type AriaBrowser } from '../../driver/index.js';

export type Route = string | ((req: IncomingMessage, res: ServerResponse) => void);

export interface TestServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** http://localhost:PORT: same server, another origin (out-of-process iframes). */
  crossOrigin: string;
  route(path: string, route: Route): void;
  close(): Promise<void>;
}

export async function startServer(): Promise<TestServer> {
  const routes = new Map<string, Route>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const route = routes.get(path);
    if (route === undefined) { res.writeHead(404).end(); return; }
    if (typeof route === 'function') { route(req, res); return; }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(route);
  });
  // Listen on all loopback names: localhost may resolve to 127.0.0.1 only.
  await new Promise<void>(done => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no port');
  const hanging = new Set<ServerResponse>();
  return {
    origin: `http://127.0.0.1:${address.port}`,
    crossOrigin: `http://localhost:${address.port}`,
    route: (path, route) => {
      routes.set(path, typeof route === 'string' ? route : (req, res) => { hanging.add(res); route(req, res); });
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>(done => server.close(() => done()));
    },
  };
}

/** A route that never answers (a frame that never loads). */
export const neverAnswers: Route = () => {};

export async function launchTestBrowser(): Promise<AriaBrowser> {
  return launch({ executablePath: process.env.ARIAREF_BROWSER ?? '/usr/bin/chromium' });
}

/** The ref on the first snapshot line containing `text` (e.g. 'button "Save"'). */
export function refOf(snapshot: string, text: string): string {
  const line = snapshot.split('\n').find(l => l.includes(text));
  const ref = line && /\[ref=([^\]]+)\]/.exec(line.replace(/"(?:[^"\\]|\\.)*"/g, '""'))?.[1];
  if (!ref) throw new Error(`no ref for ${text} in:\n${snapshot}`);
  return ref;
}
