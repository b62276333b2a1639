// Shared plumbing for the wait/actions suites: a 127.0.0.1 server with per-test routes and a
// Chromium context with the built runtime injected into every frame.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { runtimeSource } from '../../driver/runtime-source.js';

export type Route = string | ((req: IncomingMessage, res: ServerResponse) => void);

export interface Harness {
  origin: string;
  browser: Browser;
  context: BrowserContext;
  route(path: string, route: Route): void;
  open(path: string, html?: string): Promise<Page>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const routes = new Map<string, Route>();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const route = routes.get(path);
    if (route === undefined) { res.writeHead(404).end(); return; }
    if (typeof route === 'function') { route(req, res); return; }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(route);
  });
  await new Promise<void>(done => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no port');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const context = await browser.newContext();
  await context.addInitScript({ content: runtimeSource() });
  const origin = `http://127.0.0.1:${address.port}`;
  return {
    origin, browser, context,
    route: (path, route) => { routes.set(path, route); },
    async open(path, html) {
      if (html !== undefined) routes.set(path, html);
      const page = await context.newPage();
      await page.goto(origin + path);
      return page;
    },
    async close() {
      await browser.close();
      await new Promise<void>(done => server.close(() => done()));
    },
  };
}

/** Median of a list of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
