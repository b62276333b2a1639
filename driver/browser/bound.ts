// Browsers bound by name: Playwright's `browser.bind('default')` publishes a running browser in
// a registry folder (one JSON descriptor per browser: title, endpoint, Playwright version), and
// Playwright MCP's `--endpoint default` attaches to it by that title. ariaref reads the same
// registry, so `--endpoint <name>` reaches the same browser.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** What a descriptor file holds that ariaref uses. */
export interface BoundBrowser {
  title: string;
  /** A named pipe / socket path, or a ws:// URL when bound with a port. */
  endpoint: string;
  playwrightVersion?: string;
  browserName?: string;
}

/** A bare name (no scheme, no path): a bound browser's title rather than an address. */
export function isBoundBrowserName(endpoint: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(endpoint) && !/[/\\]/.test(endpoint) && endpoint.trim() !== '';
}

/** Playwright's registry folder: <cache>/ms-playwright/b (PWTEST_SERVER_REGISTRY overrides it, as in Playwright). */
export function boundRegistryDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.PWTEST_SERVER_REGISTRY) return env.PWTEST_SERVER_REGISTRY;
  const cache = platform === 'darwin' ? join(homedir(), 'Library', 'Caches')
    : platform === 'win32' ? (env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local'))
      : (env.XDG_CACHE_HOME || join(homedir(), '.cache'));
  return join(cache, 'ms-playwright', 'b');
}

function readDescriptor(file: string): (BoundBrowser & { mtime: number }) | undefined {
  try {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    const endpoint = json.endpoint ?? json.pipeName;
    if (typeof json.title !== 'string' || typeof endpoint !== 'string') return undefined;
    return { title: json.title, endpoint, playwrightVersion: json.playwrightVersion, browserName: json.browser?.browserName, mtime: statSync(file).mtimeMs };
  } catch {
    return undefined; // half-written or foreign files are not ours to judge
  }
}

/** A socket path that is gone means the browser exited without unbinding. */
function mayBeAlive(endpoint: string): boolean {
  return /^wss?:\/\//.test(endpoint) || endpoint.startsWith('\\\\.\\pipe\\') || existsSync(endpoint);
}

/**
 * The newest live browser bound under `name`.
 * @throws with the registry folder and how to bind one when there is none.
 */
export function findBoundBrowser(name: string, dir: string = boundRegistryDir()): BoundBrowser {
  const files = existsSync(dir) ? readdirSync(dir).map(f => join(dir, f)) : [];
  const found = files.map(readDescriptor)
    .filter((d): d is BoundBrowser & { mtime: number } => !!d && d.title === name && mayBeAlive(d.endpoint))
    .sort((a, b) => b.mtime - a.mtime)[0];
  if (!found)
    throw new Error(`No running browser is bound as "${name}" (looked in ${dir}). Bind one with Playwright's browser.bind('${name}'), or pass a ws:// endpoint or a DevTools http:// endpoint instead.`);
  const { mtime: _, ...bound } = found;
  return bound;
}
