// Attaches to a browser that is already running: a Chrome DevTools endpoint
// (http://127.0.0.1:9222, ws://.../devtools/browser/<id>) or a Playwright browser server
// (the ws:// URL printed by `launchServer`).
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright';
import { findBoundBrowser, isBoundBrowserName } from './bound.js';

export interface ConnectOptions {
  /** Connection timeout in ms (default 30000). */
  timeout?: number;
  /** Headers sent with the connection request (e.g. Authorization for a hosted browser). */
  headers?: Record<string, string>;
  /** Options for the context created when the browser has none (Playwright servers). */
  contextOptions?: BrowserContextOptions;
}

export interface ConnectedBrowser {
  browser: Browser;
  context: BrowserContext;
  /** 'cdp' for a DevTools endpoint, 'playwright' for a Playwright browser server. */
  protocol: 'cdp' | 'playwright';
}

/** DevTools endpoints are http(s) URLs, or ws URLs under /devtools/. */
export function isCdpEndpoint(endpoint: string): boolean {
  return /^https?:\/\//i.test(endpoint) || /\/devtools\/browser\//.test(endpoint);
}

/** The Playwright ariaref drives browsers with ("1.65.1"): a Playwright server must be of its minor version. */
export function playwrightVersion(): string {
  return String(createRequire(import.meta.url)('playwright/package.json').version);
}

/**
 * A Playwright server refuses clients of another minor version: the WebSocket upgrade answers
 * 428 with "Playwright version mismatch" and both versions in a box. What ariaref needs is its
 * own Playwright's version, not the one the message quotes (a proxy may drop the body).
 */
function versionMismatch(endpoint: string, message: string, error: unknown, ours: string): Error | undefined {
  if (!/version mismatch|\b428 Precondition Required\b/i.test(message)) return undefined;
  const minor = ours.split('.').slice(0, 2).join('.');
  const server = /server version: v?(\d+\.\d+(?:\.\d+)?)/.exec(message)?.[1];
  const runs = server ? `the server runs Playwright v${server} and ` : '';
  return new Error(
    `Cannot connect to the browser at ${endpoint}: Playwright version mismatch, ${runs}ariaref uses v${ours}; ` +
    `a Playwright server accepts only clients of its own minor version, so ariaref needs a Playwright ${minor} server. ` +
    `Start one with \`npx playwright@${minor} run-server --port 3000\` and pass --endpoint ws://<its host>:3000/ ` +
    `(or launchServer() of playwright@${minor}), or start Chrome with --remote-debugging-port=9222 and pass --cdp-endpoint http://<its host>:9222 (works across versions).`,
    { cause: error },
  );
}

/** Why connecting to `endpoint` failed, and what to do about it. `ours`: ariaref's Playwright version. */
export function connectError(endpoint: string, error: unknown, ours = playwrightVersion()): Error {
  const message = error instanceof Error ? error.message : String(error);
  const mismatch = versionMismatch(endpoint, message, error, ours);
  if (mismatch) return mismatch;
  const reason = message.split('\n')[0];
  return new Error(
    `Cannot connect to the browser at ${endpoint}: ${reason}. ` +
    'Check that it is running and reachable: for Chrome start it with --remote-debugging-port=9222 and pass http://127.0.0.1:9222; ' +
    'for a Playwright server pass the ws:// URL printed by launchServer().',
    { cause: error },
  );
}

/**
 * Connects to a running browser. Over CDP the browser's existing default context (and the
 * pages already open in it) is used; a Playwright server gets a fresh context.
 */
export async function connectBrowser(endpoint: string, options: ConnectOptions = {}): Promise<ConnectedBrowser> {
  const browser = await connectToBrowser(endpoint, options);
  const context = browser.contexts()[0] ?? await browser.newContext(options.contextOptions);
  return { browser, context, protocol: isCdpEndpoint(endpoint) ? 'cdp' : 'playwright' };
}

/**
 * The one way ariaref attaches to a running browser. Over CDP, `noDefaults` leaves the user's
 * own default context as it is: Playwright would otherwise reset its emulated media (print,
 * color scheme), focus emulation and download behaviour on attach.
 */
export async function connectToBrowser(endpoint: string, options: Pick<ConnectOptions, 'timeout' | 'headers'> = {}): Promise<Browser> {
  const timeout = options.timeout ?? 30_000;
  // A bare name is a browser bound with browser.bind(name): its pipe or ws endpoint is in the registry.
  const address = isBoundBrowserName(endpoint) ? findBoundBrowser(endpoint).endpoint : endpoint;
  try {
    return isCdpEndpoint(address)
      ? await chromium.connectOverCDP(address, { timeout, headers: options.headers, noDefaults: true })
      : await chromium.connect(address, { timeout, headers: options.headers });
  } catch (error) {
    throw connectError(address === endpoint ? endpoint : `${endpoint} (${address})`, error);
  }
}

/**
 * Endpoints whose browser already holds the user's pages (a DevTools endpoint, a bound browser):
 * the single stdio session works in its existing context instead of a fresh one.
 */
export function hasOwnContext(endpoint: string): boolean {
  return isCdpEndpoint(endpoint) || isBoundBrowserName(endpoint);
}
