// The browser context's cookies as data: listed, found by name, set (checked that the browser
// kept it), deleted. Cookies live in the browser's cookie store, not in the page, so a page
// cannot interfere with any of this.
import type { BrowserContext, Cookie } from 'playwright';
import { ArgumentError, firstLine } from '../errors.js';
import { StorageError } from './errors.js';

export type { Cookie } from 'playwright';

/** A cookie as addCookies takes it. */
export type NewCookie = Parameters<BrowserContext['addCookies']>[0][number];

export interface CookieFilter { domain?: string; path?: string }

/** Cookies whose domain contains `domain` and whose path starts with `path` (Playwright MCP's filter). */
export async function listCookies(context: BrowserContext, filter: CookieFilter = {}): Promise<Cookie[]> {
  let cookies = await context.cookies();
  if (filter.domain) cookies = cookies.filter(c => c.domain.includes(filter.domain!));
  if (filter.path) cookies = cookies.filter(c => c.path.startsWith(filter.path!));
  return cookies;
}

/** The first cookie with this name; throws StorageError 'not-found' (with the names there are). */
export async function getCookie(context: BrowserContext, name: string): Promise<Cookie> {
  const cookies = await context.cookies();
  const cookie = cookies.find(c => c.name === name);
  if (!cookie) throw notFound(name, cookies);
  return cookie;
}

export interface CookieInput {
  name: string;
  value: string;
  domain?: string;
  path?: string;
  expires?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None';
}

/** What addCookies is given: the domain defaults to the page's host, the path to "/". */
/** RFC 6265 and Chromium: name and value together; a longer cookie is dropped without an error. */
export const MAX_COOKIE_CHARS = 4096;

export function cookieToAdd(input: CookieInput, pageUrl: string): NewCookie {
  const size = input.name.length + input.value.length;
  if (size > MAX_COOKIE_CHARS)
    throw new ArgumentError(`The cookie is ${size} characters long (name and value); browsers keep at most ${MAX_COOKIE_CHARS} and drop a longer one. Store less in it, or use localStorage.`, 'value');
  let domain = input.domain;
  if (!domain) {
    try { domain = new URL(pageUrl).hostname; } catch { /* no host */ }
  }
  if (!domain) throw new StorageError('no-domain', `Cookie '${input.name}' needs a domain: the current page (${pageUrl || 'about:blank'}) has no host to take it from.`, { name: input.name, url: pageUrl });
  const cookie: NewCookie = { name: input.name, value: input.value, domain, path: input.path || '/' };
  if (input.expires !== undefined) cookie.expires = input.expires;
  if (input.httpOnly !== undefined) cookie.httpOnly = input.httpOnly;
  if (input.secure !== undefined) cookie.secure = input.secure;
  if (input.sameSite !== undefined) cookie.sameSite = input.sameSite;
  return cookie;
}

const bare = (domain: string) => domain.replace(/^\./, '').toLowerCase();

/** An expiry (seconds since the epoch) already past: the browser removes such a cookie at once, a way to delete one. */
export function isExpired(cookie: NewCookie, now = Date.now()): boolean {
  return cookie.expires !== undefined && cookie.expires >= 0 && cookie.expires * 1000 <= now;
}

/**
 * Adds the cookie, then reads the store back: the browser drops some cookies without an error
 * (SameSite=None without Secure), and a silent no-op would mislead the caller. An expired one
 * is meant to go, so it returns undefined instead.
 */
export async function setCookie(context: BrowserContext, cookie: NewCookie): Promise<Cookie | undefined> {
  try {
    await context.addCookies([cookie]);
  } catch (error) {
    throw new StorageError('cookie-rejected', `The browser refused cookie '${cookie.name}': ${firstLine(error).replace(/^browserContext\.addCookies: /, '')}`, { name: cookie.name });
  }
  if (isExpired(cookie)) return undefined;
  const stored = (await context.cookies()).find(c => c.name === cookie.name && bare(c.domain) === bare(cookie.domain!) && c.path === cookie.path);
  if (!stored) throw new StorageError('cookie-rejected', `The browser did not keep cookie '${cookie.name}' (SameSite=None needs secure: true; a domain must match where the cookie is used).`, { name: cookie.name });
  return stored;
}

/** Deletes every cookie with this name; throws StorageError 'not-found' when there is none. */
export async function deleteCookie(context: BrowserContext, name: string): Promise<void> {
  const cookies = await context.cookies();
  if (!cookies.some(c => c.name === name)) throw notFound(name, cookies);
  await context.clearCookies({ name });
}

export async function clearCookies(context: BrowserContext): Promise<void> {
  await context.clearCookies();
}

function notFound(name: string, cookies: Cookie[]): StorageError {
  return new StorageError('not-found', `Cookie '${name}' not found`, { name, names: [...new Set(cookies.map(c => c.name))] });
}
