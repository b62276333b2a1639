// Shared plumbing for the wait/actions suites: a 127.0.0.1 server with per-test routes and a
// Chromium context with the built runtime injected into every frame.
import { type Browser, type BrowserContext, type Page } from 'playwright';
import { runtimeSource } from '../../driver/runtime-source.js';
import { startLoopbackServer, type Route } from '../support/server.js';
import { launchChromium, runtimeContext } from '../support/browser.js';

export type { Route };

export interface Harness {
  origin: string;
  browser: Browser;
  context: BrowserContext;
  route(path: string, route: Route): void;
  open(path: string, html?: string): Promise<Page>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const server = await startLoopbackServer();
  const browser = await launchChromium();
  const context = await browser.newContext();
  await context.addInitScript({ content: runtimeSource() });
  const origin = server.origin;
  return {
    origin, browser, context,
    route: server.route,
    async open(path, html) {
      if (html !== undefined) server.route(path, html);
      const page = await context.newPage();
      await page.goto(origin + path);
      return page;
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** Median of a list of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The ref of the `role "name"` line of a snapshot; throws, showing the snapshot, when there is none. */
export function refOfRole(yaml: string, role: string, name: string): string {
  const ref = new RegExp(`${role} "${name}"[^\\n]*\\[ref=(\\w+)\\]`).exec(yaml)?.[1];
  if (!ref) throw new Error(`no ${role} "${name}" in:\n${yaml}`);
  return ref;
}
