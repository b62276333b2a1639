// Attaches to a browser that is already running: a Chrome DevTools endpoint
// (http://127.0.0.1:9222, ws://.../devtools/browser/<id>) or a Playwright browser server
// (the ws:// URL printed by `launchServer`).
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright';

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

function connectError(endpoint: string, error: unknown): Error {
  const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
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
  try {
    return isCdpEndpoint(endpoint)
      ? await chromium.connectOverCDP(endpoint, { timeout, headers: options.headers, noDefaults: true })
      : await chromium.connect(endpoint, { timeout, headers: options.headers });
  } catch (error) {
    throw connectError(endpoint, error);
  }
}
