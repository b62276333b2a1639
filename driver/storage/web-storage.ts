// localStorage and sessionStorage of a page's main frame, read and written through Playwright's
// page.localStorage / page.sessionStorage. Those evaluate in Playwright's utility world, an
// isolated world with its own Storage.prototype, JSON and Array: a page that replaces
// Storage.prototype.getItem, JSON.stringify or Array.prototype.push cannot change what we read
// or write (the storage area itself is shared, so writes are seen by page script). Every call is
// raced against a deadline so a page stuck in a busy loop fails the call instead of hanging it.
import type { Page, WebStorage } from 'playwright';
import { withDeadline } from '../deadline.js';
import { firstLine } from '../errors.js';
import { StorageError } from './errors.js';

export type WebStorageKind = 'local' | 'session';
export interface StorageItem { name: string; value: string }
export interface WebStorageOptions { timeoutMs?: number }

const DEFAULT_TIMEOUT_MS = 5000;

/** The origin whose storage the page's main frame uses; throws StorageError for an opaque one. */
export function storageOrigin(page: Page): string {
  const url = page.url();
  let parsed: URL | undefined;
  try { parsed = new URL(url); } catch { /* not a URL: treated as opaque */ }
  // file: parses to origin "null" but Chromium gives file pages a storage area of their own.
  if (parsed?.protocol === 'file:') return 'file://';
  const origin = parsed?.origin;
  if (!origin || origin === 'null') throw new StorageError('opaque-origin', `${url || 'about:blank'} has an opaque origin, which has no localStorage or sessionStorage.`, { url: url || 'about:blank' });
  return origin;
}

function area(page: Page, kind: WebStorageKind): WebStorage {
  return kind === 'local' ? page.localStorage : page.sessionStorage;
}

async function run<T>(page: Page, kind: WebStorageKind, what: string, work: (storage: WebStorage) => Promise<T>, options: WebStorageOptions): Promise<T> {
  storageOrigin(page);
  try {
    return await withDeadline(work(area(page, kind)), options.timeoutMs ?? DEFAULT_TIMEOUT_MS, `The page's ${kind}Storage (${what})`);
  } catch (error) {
    const message = firstLine(error);
    if (/SecurityError|Access is denied|disabled|opaque/i.test(message)) throw new StorageError('access-denied', `${page.url()} does not allow ${kind}Storage: ${message}`, { url: page.url() });
    throw error;
  }
}

export function webStorageItems(page: Page, kind: WebStorageKind, options: WebStorageOptions = {}): Promise<StorageItem[]> {
  return run(page, kind, 'list', storage => storage.items(), options);
}

/** The item's value; throws StorageError 'not-found' (with the keys there are) when it is absent. */
export async function webStorageGet(page: Page, kind: WebStorageKind, name: string, options: WebStorageOptions = {}): Promise<string> {
  const value = await run(page, kind, 'get', storage => storage.getItem(name), options);
  if (value === null) throw await missing(page, kind, name, options);
  return value;
}

export function webStorageSet(page: Page, kind: WebStorageKind, name: string, value: string, options: WebStorageOptions = {}): Promise<void> {
  return run(page, kind, 'set', storage => storage.setItem(name, value), options);
}

/** Removes the item; throws StorageError 'not-found' when there was none, so a typo is not a silent no-op. */
export async function webStorageRemove(page: Page, kind: WebStorageKind, name: string, options: WebStorageOptions = {}): Promise<void> {
  const existed = await run(page, kind, 'delete', async storage => {
    if (await storage.getItem(name) === null) return false;
    await storage.removeItem(name);
    return true;
  }, options);
  if (!existed) throw await missing(page, kind, name, options);
}

export function webStorageClear(page: Page, kind: WebStorageKind, options: WebStorageOptions = {}): Promise<void> {
  return run(page, kind, 'clear', storage => storage.clear(), options);
}

async function missing(page: Page, kind: WebStorageKind, name: string, options: WebStorageOptions): Promise<StorageError> {
  const names = await webStorageItems(page, kind, options).then(items => items.map(item => item.name), () => []);
  return new StorageError('not-found', `${kind}Storage key '${name}' not found`, { name, names, url: page.url() });
}
