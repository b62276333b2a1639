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
  if (exists(path)) return { executablePath: path, source };
  if (source === 'env')
    throw new Error(`ariaref: ${BROWSER_ENV}=${path} does not exist. Fix the path, or unset it to let ariaref find a browser by itself.`);
  // Playwright's own wording for a missing executablePath, which scripts and tests look for.
  throw new Error(`Failed to launch chromium because executable doesn't exist at ${path}. Fix the path (--executable-path, executablePath), or leave it unset to let ariaref find a browser by itself.`);
}

/** PLAYWRIGHT_BROWSERS_PATH the user set: then only Playwright's browsers there count, as in Playwright. */
function browsersPathOf(env: NodeJS.ProcessEnv): string | undefined {
  const path = env.PLAYWRIGHT_BROWSERS_PATH;
  // "0" is Playwright's "inside the package" location, not a directory the user chose.
  return path && path !== '0' ? path : undefined;
}

function notInstalledError(executable: string, browsersPath: string): Error {
  return new Error(
    `Browser "chromium" is not installed; expected executable at ${executable}. ` +
    `Run \`PLAYWRIGHT_BROWSERS_PATH=${browsersPath} npx playwright install chromium\` to install it, ` +
    `or unset PLAYWRIGHT_BROWSERS_PATH to let ariaref use Playwright's default location or a system Chrome/Chromium.`,
  );
}

/**
 * Finds a browser executable: explicit path (option, then `ARIAREF_BROWSER`), then
 * Playwright's installed Chromium, then system Chrome/Chromium (not when PLAYWRIGHT_BROWSERS_PATH
 * is set: then Playwright's Chromium there or an error naming the path it expected).
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
    // An explicit PLAYWRIGHT_BROWSERS_PATH is honoured: its missing revision (chromium-NNNN) is the
    // diagnosis (a version mismatch), not a reason to silently drive another browser.
    const browsersPath = browsersPathOf(env);
    if (browsersPath) throw notInstalledError(bundled, browsersPath);
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
