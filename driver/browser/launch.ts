// Starts a Chromium for ariaref: headless unless asked, quiet (no background traffic that
// would make "wait until the network is idle" lie), in an isolated in-memory context or a
// persistent profile.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type LaunchOptions as PlaywrightLaunchOptions } from 'playwright';
import { findBrowser } from './find-browser.js';

export interface LaunchOptions {
  /** Show the browser window (default: headless). */
  headed?: boolean;
  /** Browser executable; default: found by findBrowser() (ARIAREF_BROWSER, Playwright's, system). */
  executablePath?: string;
  /** Persistent profile folder; default: an isolated in-memory context. */
  userDataDir?: string;
  /** Extra command-line switches. */
  args?: string[];
  /** Options of the browser context (viewport, locale, storageState...). */
  contextOptions?: BrowserContextOptions;
  /** Launch timeout in ms (default 30000). */
  timeout?: number;
}

export interface LaunchedBrowser {
  /** null for a persistent profile, which Playwright exposes as a context only. */
  browser: Browser | null;
  context: BrowserContext;
}

/** Switches every ariaref browser gets: no background updates/sync traffic; no sandbox as root. */
export function defaultBrowserArgs(): string[] {
  const args = ['--disable-background-networking', '--disable-component-update', '--disable-sync'];
  // Chromium refuses to start its sandbox as root (containers, CI).
  if (process.getuid?.() === 0) args.unshift('--no-sandbox');
  return args;
}

/**
 * Playwright launch options for the Chromium ariaref drives: the browser found by findBrowser
 * (the given path, ARIAREF_BROWSER, Playwright's, system), ariaref's quiet switches first.
 */
export function chromiumLaunchOptions(options: { headless: boolean; executablePath?: string; args?: string[]; timeout?: number }): PlaywrightLaunchOptions {
  return {
    headless: options.headless,
    executablePath: findBrowser({ executablePath: options.executablePath }).executablePath,
    args: [...defaultBrowserArgs(), ...(options.args ?? [])],
    timeout: options.timeout ?? 30_000,
  };
}

function isProfileLocked(message: string): boolean {
  return /ProcessSingleton|SingletonLock|profile (?:appears to be )?in use|is already in use/i.test(message);
}

function profileLockedError(userDataDir: string, cause: unknown): Error {
  return new Error(
    `ariaref: the profile ${userDataDir} is in use by another browser (Chromium's SingletonLock). ` +
    'Close that browser, pick another profile folder, or leave userDataDir unset to use an isolated in-memory context.',
    { cause },
  );
}

/**
 * Launches Chromium and returns its context: isolated (in memory) by default, or the
 * persistent profile in `userDataDir`.
 * @throws BrowserNotFoundError when no browser is installed; a "profile in use" error when
 * another browser holds `userDataDir`.
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<LaunchedBrowser> {
  const launchOptions = chromiumLaunchOptions({ headless: !options.headed, executablePath: options.executablePath, args: options.args, timeout: options.timeout });
  if (!options.userDataDir) {
    const browser = await chromium.launch(launchOptions);
    const context = await browser.newContext(options.contextOptions);
    return { browser, context };
  }
  try {
    const context = await chromium.launchPersistentContext(options.userDataDir, { ...launchOptions, ...options.contextOptions });
    return { browser: context.browser(), context };
  } catch (error) {
    if (isProfileLocked(String((error as Error)?.message ?? error))) throw profileLockedError(options.userDataDir, error);
    throw error;
  }
}
