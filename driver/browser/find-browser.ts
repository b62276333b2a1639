// Finds a Chromium-family browser to drive, so `launch()` works on a machine where
// Playwright's own download is missing but a system Chrome/Chromium exists (containers, CI).
import { existsSync } from 'node:fs';
import { chromium } from 'playwright';

/** Where a browser executable came from, in the order they are tried. */
export type BrowserSource = 'option' | 'env' | 'playwright' | 'system';

export interface FoundBrowser {
  executablePath: string;
  source: BrowserSource;
}

export interface FindBrowserOptions {
  /** An explicit executable: wins over everything else and must exist. */
  executablePath?: string;
  /** Environment to read ARIAREF_BROWSER from (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** Platform whose system paths are tried (default: process.platform). */
  platform?: NodeJS.Platform;
  /** File existence check (tests replace it). */
  exists?: (path: string) => boolean;
  /** Path of Playwright's own Chromium, whether or not it is installed (tests replace it). */
  playwrightExecutable?: () => string | undefined;
}

/** Name of the environment variable that points at a browser executable. */
export const BROWSER_ENV = 'ARIAREF_BROWSER';

const LINUX_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
  '/opt/google/chrome/google-chrome',
  '/snap/bin/chromium',
];

const MAC_PATHS = [
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome Canary.app/Contents/MacOS/Google Chrome Canary',
];

function windowsPaths(env: NodeJS.ProcessEnv): string[] {
  const roots = [env['PROGRAMFILES'], env['PROGRAMFILES(X86)'], env['LOCALAPPDATA']].filter((r): r is string => !!r);
  return roots.map(root => `${root}\\Google\\Chrome\\Application\\chrome.exe`);
}

/** System locations tried last, for the given platform. */
export function systemBrowserPaths(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): string[] {
  if (platform === 'darwin') return MAC_PATHS;
  if (platform === 'win32') return windowsPaths(env);
  return LINUX_PATHS;
}

function defaultPlaywrightExecutable(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined; // Playwright throws when its browser registry has no Chromium entry
  }
}

/** The error thrown when no browser exists; its message says how to get one. */
export class BrowserNotFoundError extends Error {
  constructor(tried: string[]) {
    super(
      'ariaref: no Chromium or Chrome browser found.\n' +
      `Looked in: ${tried.join(', ')}.\n` +
      'Get one of these ways:\n' +
      '  - Debian/Ubuntu: apt-get install -y chromium\n' +
      '  - Playwright\'s build: npx playwright install chromium\n' +
      `  - an existing browser: set ${BROWSER_ENV}=/path/to/chrome (or pass executablePath / --browser)`,
    );
    this.name = 'BrowserNotFoundError';
  }
}

function explicitPath(path: string, source: 'option' | 'env', exists: (p: string) => boolean): FoundBrowser {
  if (!exists(path)) {
    const where = source === 'env' ? `${BROWSER_ENV}=${path}` : `the browser path ${path}`;
    throw new Error(`ariaref: ${where} does not exist. Fix the path, or unset it to let ariaref find a browser by itself.`);
  }
  return { executablePath: path, source };
}

/**
 * Finds a browser executable: explicit path (option, then `ARIAREF_BROWSER`), then
 * Playwright's installed Chromium, then system Chrome/Chromium.
 * @throws BrowserNotFoundError with install instructions when none exists.
 */
export function findBrowser(options: FindBrowserOptions = {}): FoundBrowser {
  const env = options.env ?? process.env;
  const exists = options.exists ?? existsSync;
  if (options.executablePath) return explicitPath(options.executablePath, 'option', exists);
  const fromEnv = env[BROWSER_ENV];
  if (fromEnv) return explicitPath(fromEnv, 'env', exists);
  const tried: string[] = [];
  const bundled = (options.playwrightExecutable ?? defaultPlaywrightExecutable)();
  if (bundled) {
    if (exists(bundled)) return { executablePath: bundled, source: 'playwright' };
    tried.push(bundled);
  }
  for (const path of systemBrowserPaths(options.platform ?? process.platform, env)) {
    if (exists(path)) return { executablePath: path, source: 'system' };
    tried.push(path);
  }
  throw new BrowserNotFoundError(tried);
}

/** Like findBrowser, but undefined instead of throwing (for callers with their own fallback). */
export function tryFindBrowser(options: FindBrowserOptions = {}): FoundBrowser | undefined {
  try {
    return findBrowser(options);
  } catch {
    return undefined;
  }
}
