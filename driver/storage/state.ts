// A context's storage state (cookies and each origin's localStorage, Playwright's storageState
// JSON): saved as text, and loaded back the way Playwright's context.setStorageState does it
// (which Playwright MCP uses): every cookie cleared, then the file's added; the localStorage of
// every origin the context visited or the file names cleared, then the file's items written.
import { readFileSync } from 'node:fs';
import type { BrowserContext } from 'playwright';
import { withDeadline } from '../deadline.js';
import { firstLine } from '../errors.js';
import { StorageError } from './errors.js';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
export interface LoadedState { cookies: number; origins: number }

/** The state as Playwright writes it (`storageState({ path })`), pretty-printed. */
export async function saveStorageState(context: BrowserContext): Promise<string> {
  return JSON.stringify(await context.storageState(), null, 2);
}

/** Reads and checks a storage-state file; throws StorageError 'state-file' saying what is wrong. */
export function readStorageState(path: string): StorageState {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new StorageError('state-file', code === 'ENOENT' ? `Storage state file ${path} does not exist.` : `Storage state file ${path} could not be read: ${firstLine(error)}`, { path });
  }
  let state: unknown;
  try {
    state = JSON.parse(text);
  } catch (error) {
    throw new StorageError('state-file', `Storage state file ${path} is not valid JSON: ${firstLine(error)}`, { path });
  }
  const problem = shapeProblem(state);
  if (problem) throw new StorageError('state-file', `Storage state file ${path} is not a storage state: ${problem}.`, { path });
  const { cookies = [], origins = [] } = state as Partial<StorageState>;
  return { cookies, origins } as StorageState;
}

function shapeProblem(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || Array.isArray(state)) return 'expected an object with "cookies" and "origins"';
  const { cookies, origins } = state as Record<string, unknown>;
  if (cookies === undefined && origins === undefined) return 'it has neither "cookies" nor "origins"';
  if (cookies !== undefined && !Array.isArray(cookies)) return '"cookies" must be an array';
  for (const [i, c] of ((cookies as unknown[]) ?? []).entries()) {
    const cookie = c as Record<string, unknown> | null;
    if (typeof cookie?.name !== 'string' || typeof cookie.value !== 'string') return `cookies[${i}] needs a string "name" and "value"`;
    if (typeof cookie.url !== 'string' && (typeof cookie.domain !== 'string' || typeof cookie.path !== 'string')) return `cookies[${i}] needs "domain" and "path" (or "url")`;
  }
  if (origins !== undefined && !Array.isArray(origins)) return '"origins" must be an array';
  for (const [i, o] of ((origins as unknown[]) ?? []).entries()) {
    const origin = o as Record<string, unknown> | null;
    if (typeof origin?.origin !== 'string') return `origins[${i}] needs a string "origin"`;
    if (!Array.isArray(origin.localStorage)) return `origins[${i}] needs a "localStorage" array`;
    for (const [j, item] of origin.localStorage.entries()) {
      if (typeof item?.name !== 'string' || typeof item?.value !== 'string') return `origins[${i}].localStorage[${j}] needs a string "name" and "value"`;
    }
  }
  return undefined;
}

/**
 * Replaces the context's cookies and localStorage with the file's. Playwright restores origins
 * in a hidden page of its own (never reported as a new tab), so open tabs stay where they are;
 * they see the new localStorage on their next read or reload.
 */
export async function loadStorageState(context: BrowserContext, path: string, timeoutMs = 30_000): Promise<LoadedState> {
  const state = readStorageState(path);
  try {
    await withDeadline(context.setStorageState(state), timeoutMs, 'Restoring the storage state');
  } catch (error) {
    throw new StorageError('state-file', `Storage state file ${path} could not be applied: ${firstLine(error).replace(/^browserContext\.setStorageState: /, '')}`, { path });
  }
  return { cookies: state.cookies.length, origins: state.origins.length };
}
