// The process-wide browser: started on first use, shared by every session, restarted when it
// crashed or the connection dropped. Hands each session a fresh, isolated BrowserContext, except
// with a persistent profile, where Chromium only has the one context.
import { chromium, type Browser, type BrowserContext, type LaunchOptions } from 'playwright';
import { findBrowser } from './find-browser.js';
import { defaultBrowserArgs } from './launch.js';
import { isCdpEndpoint } from './connect.js';

/** The browser a host starts or reaches, and the shape of the contexts it hands out. */
export interface HostOptions {
  headless: boolean;
  executablePath?: string;
  /** A DevTools endpoint or a Playwright server to connect to instead of launching. */
  connect?: string;
  /** A persistent profile (one context, shared by every session of the process). */
  userDataDir?: string;
  viewport?: { width: number; height: number };
  browserArgs: string[];
  /** Bounds connecting to a browser. */
  navigationTimeoutMs: number;
}

export interface ContextLease {
  context: BrowserContext;
  /** Closing it ends the session's browsing state (a persistent profile is only closed by closeAll). */
  release(): Promise<void>;
  /** The context outlives the session (a persistent profile, or a connected browser's own context). */
  shared?: boolean;
}

export class BrowserHost {
  private browser: Promise<Browser> | undefined;
  private persistent: Promise<BrowserContext> | undefined;
  private persistentClosed = false;

  /**
   * @param singleSession the stdio server's one session. It may use a connected browser's own
   *   default context (the user's tabs and logins, over --connect http://...), and closing it
   *   closes a persistent profile. HTTP sessions never share pages, so they get neither.
   */
  constructor(readonly config: HostOptions, private readonly singleSession = false) {}

  async newContext(): Promise<ContextLease> {
    if (this.config.userDataDir) return this.persistentLease();
    const browser = await this.liveBrowser();
    const shared = this.singleSession && this.config.connect && isCdpEndpoint(this.config.connect) ? browser.contexts()[0] : undefined;
    if (shared) return { context: shared, release: async () => {}, shared: true };
    // Otherwise each session gets a clean context: sessions must never see each other's pages.
    const context = await browser.newContext(this.contextOptions());
    return { context, release: () => context.close().catch(() => {}) };
  }

  private contextOptions() {
    return { viewport: this.config.viewport ?? { width: 1280, height: 720 }, acceptDownloads: true };
  }

  private async liveBrowser(): Promise<Browser> {
    if (this.browser) {
      const current = await this.browser.catch(() => undefined);
      if (current?.isConnected()) return current;
      this.browser = undefined;
    }
    const starting = startBrowser(this.config);
    this.browser = starting;
    starting.catch(() => { if (this.browser === starting) this.browser = undefined; });
    return starting;
  }

  private async persistentLease(): Promise<ContextLease> {
    if (this.persistent) {
      const current = await this.persistent.catch(() => undefined);
      if (current && !this.persistentClosed) return this.persistentRelease(current);
      this.persistent = undefined;
    }
    const starting = startPersistentContext(this.config);
    this.persistent = starting;
    starting.catch(() => { if (this.persistent === starting) this.persistent = undefined; });
    const context = await starting;
    this.persistentClosed = false;
    context.on('close', () => { this.persistentClosed = true; });
    return this.persistentRelease(context);
  }

  private persistentRelease(context: BrowserContext): ContextLease {
    if (!this.singleSession) return { context, release: async () => {}, shared: true };
    return { context, release: () => context.close().catch(() => {}) };
  }

  async closeAll(): Promise<void> {
    const browser = this.browser;
    const persistent = this.persistent;
    this.browser = undefined;
    this.persistent = undefined;
    await Promise.all([
      browser?.then(b => b.close()).catch(() => {}),
      persistent?.then(c => c.close()).catch(() => {}),
    ]);
  }
}

function launchOptions(config: HostOptions): LaunchOptions {
  // findBrowser: --executable-path, else ARIAREF_BROWSER, Playwright's Chromium, system Chrome/Chromium.
  const executablePath = findBrowser({ executablePath: config.executablePath }).executablePath;
  return { headless: config.headless, executablePath, args: [...defaultBrowserArgs(), ...config.browserArgs], timeout: 30_000 };
}

async function startBrowser(config: HostOptions): Promise<Browser> {
  if (config.connect) {
    try {
      return isCdpEndpoint(config.connect)
        ? await chromium.connectOverCDP(config.connect, { timeout: config.navigationTimeoutMs })
        : await chromium.connect(config.connect, { timeout: config.navigationTimeoutMs });
    } catch (error) {
      throw new Error(`Cannot connect to the browser at ${config.connect}: ${(error as Error).message.split('\n')[0]}. Check that it is running and the endpoint is right (--connect).`);
    }
  }
  return chromium.launch(launchOptions(config));
}

async function startPersistentContext(config: HostOptions): Promise<BrowserContext> {
  try {
    return await chromium.launchPersistentContext(config.userDataDir!, {
      ...launchOptions(config),
      viewport: config.viewport ?? null,
    });
  } catch (error) {
    const message = (error as Error).message.split('\n')[0];
    throw new Error(`Cannot open the profile ${config.userDataDir}: ${message}. Another browser may be using it; close it or pick another --user-data-dir.`);
  }
}
