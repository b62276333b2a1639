// The process-wide browser: started on first use, shared by every session, restarted when it
// crashed or the connection dropped. Hands each session a fresh, isolated BrowserContext, except
// with a persistent profile, where Chromium only has the one context.
import { chromium, devices, type Browser, type BrowserContext, type BrowserContextOptions, type LaunchOptions } from 'playwright';
import { chromiumLaunchOptions } from './launch.js';
import { connectToBrowser, hasOwnContext, isCdpEndpoint } from './connect.js';
import { lifecycleLog } from '../debug-log.js';

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
  /** Bounds connecting to a browser when connectTimeoutMs is unset. */
  navigationTimeoutMs: number;
  /** Bounds connecting to a browser (--cdp-timeout); default navigationTimeoutMs. */
  connectTimeoutMs?: number;
  /** Headers sent with the connect request (--cdp-header). */
  connectHeaders?: Record<string, string>;
  /** Options of every context handed out (device, userAgent, storageState, permissions...); over viewport. */
  contextOptions?: BrowserContextOptions;
  /** Extra launch options (proxy, chromiumSandbox, env...); executablePath/headless/args come from the fields above. */
  launchOptions?: Omit<LaunchOptions, 'executablePath' | 'headless'>;
  /** Files added to every context as init scripts: they run in every page before its own scripts. */
  initScripts?: string[];
  /** Every session gets the same context (HTTP clients share tabs, cookies and storage). */
  sharedContext?: boolean;
}

/** Playwright's device descriptor by name ("iPhone 15"); unknown names throw with the closest ones. */
export function deviceContextOptions(name: string): BrowserContextOptions {
  const device = devices[name];
  if (device) {
    const { defaultBrowserType: _, ...options } = device;
    return options;
  }
  const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
  const wanted = squash(name);
  const close = Object.keys(devices)
    .filter(n => !n.endsWith(' landscape'))
    .map(n => ({ n, d: squash(n).includes(wanted) ? 0 : editDistance(wanted, squash(n)) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, 5)
    .map(c => `"${c.n}"`);
  throw new Error(`Unknown device "${name}". Did you mean ${close.join(', ')}? Names are Playwright's devices (case and spaces included).`);
}

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

export interface ContextLease {
  context: BrowserContext;
  /** Ends the session's browsing state; the last lease of a launched browser closes it. Safe to call twice. */
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

  /** Leases handed out or being prepared: a browser this host launched closes when none is left. */
  private leases = 0;

  async newContext(): Promise<ContextLease> {
    // Counted from the start, so a release meanwhile cannot close the browser this lease is getting.
    this.leases++;
    let lease: ContextLease;
    try {
      lease = await this.openLease();
    } catch (error) {
      this.leases--;
      throw error;
    }
    lifecycleLog('create context');
    let released = false;
    return {
      ...lease,
      release: async () => {
        if (released) return;
        released = true;
        this.leases--;
        await lease.release();
        if (!this.leases) await this.closeIdle();
      },
    };
  }

  /** The last session left: a browser we launched is closed (a connected one is the user's, and stays). */
  private async closeIdle(): Promise<void> {
    if (this.config.connect || (!this.browser && !this.persistent && !this.shared)) return;
    lifecycleLog('close browser');
    await this.closeAll();
  }

  private async openLease(): Promise<ContextLease> {
    if (this.config.userDataDir) {
      // One profile, one client at a time (Chromium locks it); --shared-browser-context shares it on purpose.
      if (this.leases > 1 && !this.config.sharedContext)
        throw new Error(`Browser is already in use for ${this.config.userDataDir}, use --isolated to run multiple instances of the same browser (or give each client its own --user-data-dir, or share one with --shared-browser-context).`);
      return this.persistentLease();
    }
    if (this.config.sharedContext && !this.singleSession) return this.sharedLease();
    const browser = await this.liveBrowser();
    const shared = this.singleSession && this.config.connect && hasOwnContext(this.config.connect) ? browser.contexts()[0] : undefined;
    if (shared) return { context: shared, release: async () => {}, shared: true };
    // Otherwise each session gets a clean context: sessions must never see each other's pages.
    const context = await this.freshContext(browser);
    return { context, release: () => context.close().catch(() => {}) };
  }

  private async freshContext(browser: Browser): Promise<BrowserContext> {
    const context = await browser.newContext(contextOptions(this.config));
    await addInitScripts(context, this.config);
    return context;
  }

  private shared: Promise<BrowserContext> | undefined;

  /** --shared-browser-context: one context for every session, closed only by closeAll. */
  private async sharedLease(): Promise<ContextLease> {
    const current = await this.shared?.catch(() => undefined);
    if (!current || !current.browser()?.isConnected()) {
      const starting = this.liveBrowser().then(browser => this.freshContext(browser));
      this.shared = starting;
      starting.catch(() => { if (this.shared === starting) this.shared = undefined; });
      const context = await starting;
      context.on('close', () => { if (this.shared === starting) this.shared = undefined; });
      return { context, release: async () => {}, shared: true };
    }
    return { context: current, release: async () => {}, shared: true };
  }

  private async liveBrowser(): Promise<Browser> {
    if (this.browser) {
      const current = await this.browser.catch(() => undefined);
      if (current?.isConnected()) return current;
      this.browser = undefined;
    }
    lifecycleLog(`create browser (${!this.config.connect ? 'isolated' : isCdpEndpoint(this.config.connect) ? 'cdp' : 'remote'})`);
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
    lifecycleLog('create browser (persistent)');
    const starting = startPersistentContext(this.config);
    this.persistent = starting;
    starting.catch(() => { if (this.persistent === starting) this.persistent = undefined; });
    const context = await starting;
    this.persistentClosed = false;
    context.on('close', () => { this.persistentClosed = true; });
    return this.persistentRelease(context);
  }

  /** The profile outlives one lease only when --shared-browser-context shares it; the last lease closes it (closeIdle). */
  private persistentRelease(context: BrowserContext): ContextLease {
    return { context, release: async () => {}, shared: !!this.config.sharedContext && !this.singleSession };
  }

  async closeAll(): Promise<void> {
    const browser = this.browser;
    const persistent = this.persistent;
    const shared = this.shared;
    this.browser = undefined;
    this.persistent = undefined;
    this.shared = undefined;
    await Promise.all([
      shared?.then(c => c.close()).catch(() => {}),
      browser?.then(b => b.close()).catch(() => {}),
      persistent?.then(c => c.close()).catch(() => {}),
    ]);
  }
}

function contextOptions(config: HostOptions): BrowserContextOptions {
  return { viewport: config.viewport ?? { width: 1280, height: 720 }, acceptDownloads: true, ...config.contextOptions };
}

async function addInitScripts(context: BrowserContext, config: HostOptions): Promise<void> {
  for (const path of config.initScripts ?? []) await context.addInitScript({ path });
}

function launchOptions(config: HostOptions): LaunchOptions {
  const base = chromiumLaunchOptions({ headless: config.headless, executablePath: config.executablePath, args: [...config.browserArgs, ...(config.launchOptions?.args ?? [])] });
  // An explicit sandbox request wins over the "no sandbox as root" default.
  const args = config.launchOptions?.chromiumSandbox ? base.args!.filter(a => a !== '--no-sandbox') : [...base.args!];
  // navigator.webdriver stays false, as Playwright MCP launches Chromium: sites that turn
  // automation away would refuse the agent (unless the user set blink features themselves).
  if (!args.some(a => a.startsWith('--disable-blink-features'))) args.push('--disable-blink-features=AutomationControlled');
  return { ...base, ...config.launchOptions, headless: base.headless, executablePath: base.executablePath, args };
}

async function startBrowser(config: HostOptions): Promise<Browser> {
  if (config.connect)
    return connectToBrowser(config.connect, { timeout: config.connectTimeoutMs ?? config.navigationTimeoutMs, headers: config.connectHeaders });
  return chromium.launch(launchOptions(config));
}

/**
 * A persistent profile is the user's own, so its extensions load (Playwright's --disable-extensions
 * is dropped, as Playwright MCP does); launchOptions.ignoreDefaultArgs adds to that list, `true` drops all.
 */
export function persistentIgnoredArgs(ignored: LaunchOptions['ignoreDefaultArgs']): LaunchOptions['ignoreDefaultArgs'] {
  if (ignored === true) return true;
  return ['--disable-extensions', ...(Array.isArray(ignored) ? ignored : [])];
}

async function startPersistentContext(config: HostOptions): Promise<BrowserContext> {
  try {
    const context = await chromium.launchPersistentContext(config.userDataDir!, {
      ...launchOptions(config),
      ignoreDefaultArgs: persistentIgnoredArgs(config.launchOptions?.ignoreDefaultArgs),
      acceptDownloads: true,
      viewport: config.viewport ?? null,
      ...config.contextOptions,
    });
    await addInitScripts(context, config);
    return context;
  } catch (error) {
    const message = (error as Error).message.split('\n')[0];
    throw new Error(`Cannot open the profile ${config.userDataDir}: ${message}. Another browser may be using it; close it or pick another --user-data-dir.`);
  }
}
