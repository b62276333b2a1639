// The storage tools' answers: cookies, localStorage/sessionStorage items and storage-state
// files, in Playwright MCP 0.0.83's wording ("name=value (domain: ..., path: ...)", "No cookies
// found"), and the library's StorageErrors turned into a next step for the agent.
import { StorageError, type Cookie, type LoadedState, type StorageItem, type WebStorageKind } from '../../index.js';
import { cutResult } from './sections.js';

/** A listed value longer than this is cut; the get tool shows it whole. */
const LIST_VALUE_CHARS = 500;

export function cookieLine(cookie: Cookie): string {
  return `${cookie.name}=${cookie.value} (domain: ${cookie.domain}, path: ${cookie.path})`;
}

/**
 * A listing never shows an httpOnly cookie's value: page script cannot read it either, and a
 * session token in a listing is one prompt injection away from leaking. browser_cookie_get,
 * asked by name, shows it.
 */
export function listCookiesText(cookies: Cookie[]): string {
  if (!cookies.length) return 'No cookies found';
  return cookies.map(cookie => cookie.httpOnly
    ? `${cookie.name}=<httpOnly: browser_cookie_get with name '${cookie.name}' shows the value> (domain: ${cookie.domain}, path: ${cookie.path})`
    : cookieLine(cookie)).join('\n');
}

export function cookieDetail(cookie: Cookie): string {
  return `${cookie.name}=${cookie.value} (domain: ${cookie.domain}, path: ${cookie.path}, httpOnly: ${cookie.httpOnly}, secure: ${cookie.secure}, sameSite: ${cookie.sameSite})`;
}

/** `stored` is undefined for a cookie set with an expiry in the past, which the browser removes. */
export function cookieSetText(name: string, stored: Cookie | undefined): string {
  return stored ? `Set cookie ${cookieLine(stored)}` : `Cookie '${name}' has an expiry in the past, so the browser removed it (and any cookie it replaced)`;
}

export const cookieDeletedText = (name: string) => `Deleted cookie '${name}'`;
export const cookiesClearedText = 'Cleared all cookies';

export function listItemsText(kind: WebStorageKind, items: StorageItem[]): string {
  if (!items.length) return `No ${kind}Storage items found`;
  return items.map(item => {
    const value = item.value.length > LIST_VALUE_CHARS
      ? `${item.value.slice(0, LIST_VALUE_CHARS)}… (${item.value.length} chars; browser_${kind}storage_get shows it whole)`
      : item.value;
    return `${item.name}=${value}`;
  }).join('\n');
}

export const itemText = (name: string, value: string) => cutResult(`${name}=${value}`);
export const itemSetText = (kind: WebStorageKind, name: string, origin: string) => `Set ${kind}Storage '${name}' for ${origin}`;
export const itemDeletedText = (kind: WebStorageKind, name: string, origin: string) => `Deleted ${kind}Storage '${name}' for ${origin}`;
export const itemsClearedText = (kind: WebStorageKind, origin: string) => `Cleared ${kind}Storage for ${origin}`;

export function stateRestoredText(filename: string, loaded: LoadedState): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `Storage state restored from ${filename} (${plural(loaded.cookies, 'cookie')}, ${plural(loaded.origins, 'origin')} with localStorage)`;
}

function known(names: string[] | undefined, what: string): string {
  if (!names?.length) return ` There are no ${what} here.`;
  const shown = names.slice(0, 20).map(n => `'${n}'`).join(', ');
  return ` Existing ${what}: ${shown}${names.length > 20 ? `, and ${names.length - 20} more` : ''}.`;
}

/**
 * A missing cookie or storage key, with the names there are. Getting one answers this as a
 * result, as Playwright MCP does (the lookup worked; the answer is "none"); deleting one fails
 * with it, so a typo is not a silent no-op.
 */
export function notFoundText(error: StorageError, kind?: WebStorageKind): string {
  return kind
    ? `${error.message}.${known(error.detail.names, `${kind}Storage keys`)} List them with browser_${kind}storage_list.`
    : `${error.message}.${known(error.detail.names, 'cookies')} List them with browser_cookie_list.`;
}

/** The answer for a StorageError (other errors pass through unchanged). */
export function storageErrorText(error: unknown, kind?: WebStorageKind): unknown {
  if (!(error instanceof StorageError)) return error;
  const message = error.message;
  switch (error.kind) {
    case 'opaque-origin':
      return new Error(`${message} Navigate the tab to a page of the site first (browser_navigate), then retry.`);
    case 'access-denied':
      return new Error(`${message} Navigate to a page of the site that is not sandboxed, then retry.`);
    case 'not-found':
      return new Error(notFoundText(error, kind));
    case 'no-domain':
      return new Error(`${message} Pass "domain" (e.g. "example.com"), or navigate to the site first.`);
    case 'cookie-rejected':
      return new Error(`${message} Fix the cookie's flags and call browser_cookie_set again.`);
    case 'state-file':
      return new Error(`${message} Pass a file saved by browser_storage_state (or Playwright's storageState()), inside the workspace or the output directory.`);
  }
}
