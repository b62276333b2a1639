// Origin allow/block lists, enforced with context.route so they cover navigations AND
// subresources (scripts, images, fetches, iframes), not just the URLs tools are given.
import type { BrowserContext } from 'playwright';

/**
 * An entry matches a URL when it equals its origin ("https://a.com:8080"), its scheme and host
 * on any port ("http://localhost:*", as Playwright MCP writes it), its host ("a.com", any
 * scheme and port), or, with a leading "*.", the host or any subdomain.
 */
function matches(entry: string, url: URL): boolean {
  const e = entry.trim().toLowerCase().replace(/\/+$/, '');
  if (!e) return false;
  const anyPort = /^([a-z][a-z0-9+.-]*:\/\/[^/:]+):\*$/.exec(e);
  if (anyPort) return `${url.protocol}//${url.hostname}`.toLowerCase() === anyPort[1];
  if (e.includes('://')) return url.origin.toLowerCase() === e;
  const host = url.hostname.toLowerCase();
  const hostWithPort = url.host.toLowerCase();
  if (e.startsWith('*.')) {
    const base = e.slice(2);
    return host === base || host.endsWith('.' + base);
  }
  return host === e || hostWithPort === e;
}

export interface OriginPolicy { allowed: string[]; blocked: string[] }

/** Why the URL may not load, or undefined when it may. Non-network schemes (data:, about:) are left alone. */
export function originVerdict(policy: OriginPolicy, rawUrl: string): string | undefined {
  let url: URL;
  try { url = new URL(rawUrl); } catch { return undefined; }
  if (!/^(https?|wss?|ftp):$/.test(url.protocol)) return undefined;
  if (policy.blocked.some(entry => matches(entry, url)))
    return `${url.origin} is blocked by --blocked-origins`;
  if (policy.allowed.length && !policy.allowed.some(entry => matches(entry, url)))
    return `${url.origin} is not in --allowed-origins (${policy.allowed.join(', ')})`;
  return undefined;
}

export async function enforceOrigins(context: BrowserContext, policy: OriginPolicy): Promise<void> {
  if (!policy.allowed.length && !policy.blocked.length) return;
  await context.route('**/*', async route => {
    if (originVerdict(policy, route.request().url())) await route.abort('blockedbyclient').catch(() => {});
    else await route.fallback().catch(() => {});
  });
}
