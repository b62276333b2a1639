// The storage group (--caps storage), as Playwright MCP 0.0.83 has it: the context's cookies,
// the current tab's localStorage and sessionStorage, and storage-state files (save, restore).
// Cookie tools work on the browser's cookie store, never the page, so they run while a dialog
// is open; the web-storage tools read the page's storage area from an isolated world.
import { existsSync, writeFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import type { BrowserContext } from 'playwright';
import { defineTool, type Tool } from '../define.js';
import {
  clearCookies, cookieToAdd, deleteCookie, getCookie, listCookies, loadStorageState, saveStorageState, setCookie, storageOrigin, StorageError,
  webStorageClear, webStorageGet, webStorageItems, webStorageRemove, webStorageSet, type WebStorageKind,
} from '../../index.js';
import { jsString } from '../codegen/locator.js';
import { checkFilePath, timestampedName } from '../files.js';
import { fileLink } from '../format/sections.js';
import {
  cookieDeletedText, cookieDetail, cookieSetText, cookiesClearedText, itemDeletedText, itemSetText, itemsClearedText, itemText,
  listCookiesText, listItemsText, notFoundText, stateRestoredText, storageErrorText,
} from '../format/storage.js';
import type { Session } from '../session.js';
import type { ToolResponse } from '../response.js';
import { boundedNumber, fileName } from '../input-policy.js';

/** The last second of year 9999: past it a date is no date. */
const MAX_EXPIRES_S = 253_402_300_799;

const readOnly = { readOnlyHint: true, destructiveHint: false, openWorldHint: false, idempotentHint: true };
const writes = { readOnlyHint: false, destructiveHint: false, openWorldHint: false };
const removes = { readOnlyHint: false, destructiveHint: true, openWorldHint: false };

/** Runs a library call, turning its StorageError into an answer with the next step. */
async function worded<T>(work: Promise<T>, kind?: WebStorageKind): Promise<T> {
  try { return await work; } catch (error) { throw storageErrorText(error, kind); }
}

/**
 * A lookup by name answered as text: the value worded by `show`, or, for a name that is not
 * there, the not-found text as a result (Playwright MCP answers a missing cookie or key so).
 */
async function lookup<T>(work: Promise<T>, show: (value: T) => string, kind?: WebStorageKind): Promise<string> {
  try {
    return show(await work);
  } catch (error) {
    if (error instanceof StorageError && error.kind === 'not-found') return notFoundText(error, kind);
    throw storageErrorText(error, kind);
  }
}

/** Playwright code is recorded for --codegen typescript only: these calls have no locator to translate. */
function code(session: Session, response: ToolResponse, statement: string): void {
  if (session.config.codegen !== 'typescript') return;
  // A statement quoting a 1 MB value would flood the answer (codegen/record.ts does the same).
  response.addCode(statement.length <= 4000 ? statement : `// (a statement of ${statement.length} characters, left out)`);
}

async function browserContext(session: Session): Promise<BrowserContext> {
  return (session.currentTabOrUndefined() ?? await session.ensureTab()).page.context();
}

const cookieTools: Tool[] = [
  defineTool({
    name: 'browser_cookie_list',
    group: 'storage',
    title: 'List cookies',
    description: 'List all cookies (optionally filtered by domain/path)',
    params: {
      domain: z.string().optional().describe('Filter cookies by domain'),
      path: z.string().optional().describe('Filter cookies by path'),
    },
    annotations: readOnly,
    ignoresModal: true,
    async handle(session, params, response) {
      response.addResult(listCookiesText(await listCookies(await browserContext(session), params)));
      code(session, response, 'await page.context().cookies();');
    },
  }),
  defineTool({
    name: 'browser_cookie_get',
    group: 'storage',
    title: 'Get cookie',
    description: 'Get a specific cookie by name',
    params: { name: z.string().describe('Cookie name to get') },
    annotations: readOnly,
    ignoresModal: true,
    async handle(session, params, response) {
      response.addResult(await lookup(getCookie(await browserContext(session), params.name), cookieDetail));
      code(session, response, 'await page.context().cookies();');
    },
  }),
  defineTool({
    name: 'browser_cookie_set',
    group: 'storage',
    title: 'Set cookie',
    description: 'Set a cookie with optional flags (domain, path, expires, httpOnly, secure, sameSite)',
    params: {
      name: z.string().describe('Cookie name'),
      value: z.string().describe('Cookie value'),
      domain: z.string().optional().describe('Cookie domain'),
      path: z.string().optional().describe('Cookie path'),
      expires: boundedNumber('expires', -1, MAX_EXPIRES_S, 'seconds (a Unix time; -1 is a session cookie)').optional().describe('Cookie expiration as Unix timestamp'),
      httpOnly: z.boolean().optional().describe('Whether the cookie is HTTP only'),
      secure: z.boolean().optional().describe('Whether the cookie is secure'),
      sameSite: z.enum(['Strict', 'Lax', 'None']).optional().describe('Cookie SameSite attribute'),
    },
    annotations: writes,
    ignoresModal: true,
    async handle(session, params, response) {
      const tab = await session.ensureTab();
      const cookie = await worded(Promise.resolve().then(() => cookieToAdd(params, tab.page.url())));
      const stored = await worded(setCookie(tab.page.context(), cookie));
      response.addResult(cookieSetText(params.name, stored));
      code(session, response, `await page.context().addCookies([${JSON.stringify(cookie)}]);`);
    },
  }),
  defineTool({
    name: 'browser_cookie_delete',
    group: 'storage',
    title: 'Delete cookie',
    description: 'Delete a specific cookie',
    params: { name: z.string().describe('Cookie name to delete') },
    annotations: removes,
    ignoresModal: true,
    async handle(session, params, response) {
      await worded(deleteCookie(await browserContext(session), params.name));
      response.addResult(cookieDeletedText(params.name));
      code(session, response, `await page.context().clearCookies({ name: ${jsString(params.name)} });`);
    },
  }),
  defineTool({
    name: 'browser_cookie_clear',
    group: 'storage',
    title: 'Clear cookies',
    description: 'Clear all cookies',
    params: {},
    annotations: removes,
    ignoresModal: true,
    async handle(session, _params, response) {
      await clearCookies(await browserContext(session));
      response.addResult(cookiesClearedText);
      code(session, response, 'await page.context().clearCookies();');
    },
  }),
];

/** The five tools of one web-storage area, named and worded as Playwright MCP has them. */
function webStorageTools(kind: WebStorageKind): Tool[] {
  const area = `${kind}Storage`;
  const prefix = `browser_${kind}storage`;
  const options = (session: Session) => ({ timeoutMs: session.config.actionTimeoutMs });
  const page = async (session: Session) => (await session.ensureTab()).page;
  return [
    defineTool({
      name: `${prefix}_list`,
      group: 'storage',
      title: `List ${area}`,
      description: `List all ${area} key-value pairs`,
      params: {},
      annotations: readOnly,
      async handle(session, _params, response) {
        response.addResult(listItemsText(kind, await worded(webStorageItems(await page(session), kind, options(session)), kind)));
        code(session, response, `await page.${area}.items();`);
      },
    }),
    defineTool({
      name: `${prefix}_get`,
      group: 'storage',
      title: `Get ${area} item`,
      description: `Get a ${area} item by key`,
      params: { key: z.string().describe('Key to get') },
      annotations: readOnly,
      async handle(session, params, response) {
        const value = webStorageGet(await page(session), kind, params.key, options(session));
        response.addResult(await lookup(value, found => itemText(params.key, found), kind));
        code(session, response, `await page.${area}.getItem(${jsString(params.key)});`);
      },
    }),
    defineTool({
      name: `${prefix}_set`,
      group: 'storage',
      title: `Set ${area} item`,
      description: `Set a ${area} item`,
      params: { key: z.string().describe('Key to set'), value: z.string().describe('Value to set') },
      annotations: writes,
      async handle(session, params, response) {
        const current = await page(session);
        await worded(webStorageSet(current, kind, params.key, params.value, options(session)), kind);
        response.addResult(itemSetText(kind, params.key, storageOrigin(current)));
        code(session, response, `await page.${area}.setItem(${jsString(params.key)}, ${jsString(params.value)});`);
      },
    }),
    defineTool({
      name: `${prefix}_delete`,
      group: 'storage',
      title: `Delete ${area} item`,
      description: `Delete a ${area} item`,
      params: { key: z.string().describe('Key to delete') },
      annotations: removes,
      async handle(session, params, response) {
        const current = await page(session);
        await worded(webStorageRemove(current, kind, params.key, options(session)), kind);
        response.addResult(itemDeletedText(kind, params.key, storageOrigin(current)));
        code(session, response, `await page.${area}.removeItem(${jsString(params.key)});`);
      },
    }),
    defineTool({
      name: `${prefix}_clear`,
      group: 'storage',
      title: `Clear ${area}`,
      description: `Clear all ${area}`,
      params: {},
      annotations: removes,
      async handle(session, _params, response) {
        const current = await page(session);
        await worded(webStorageClear(current, kind, options(session)), kind);
        response.addResult(itemsClearedText(kind, storageOrigin(current)));
        code(session, response, `await page.${area}.clear();`);
      },
    }),
  ];
}

/**
 * A storage-state file to read. Relative names resolve like upload paths (the first client root,
 * else the working directory); a bare name saved by browser_storage_state sits in the output
 * directory, so that is tried too.
 */
async function stateFileToRead(session: Session, filename: string): Promise<string> {
  const policy = await session.filePolicy();
  const path = checkFilePath(policy, filename, 'Storage state');
  if (isAbsolute(filename) || existsSync(path)) return path;
  const inOutput = resolve(policy.outputDir, filename);
  return existsSync(inOutput) ? checkFilePath(policy, inOutput, 'Storage state') : path;
}

const stateTools: Tool[] = [
  defineTool({
    name: 'browser_storage_state',
    group: 'storage',
    title: 'Save storage state',
    description: 'Save storage state (cookies, local storage) to a file for later reuse',
    params: {
      filename: fileName().optional().describe('File name to save the storage state to. Relative file names are resolved against the workspace root. If not specified, the storage state is saved into the output directory as `storage-state-{timestamp}.json`.'),
    },
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
    async handle(session, params, response) {
      const text = await saveStorageState(await browserContext(session));
      const path = await session.outputFile(params.filename, timestampedName('storage-state', 'json'), 'Storage state');
      writeFileSync(path, text + '\n');
      response.addResult(fileLink('Storage state', path));
      code(session, response, `await page.context().storageState({ path: ${jsString(path)} });`);
    },
  }),
  defineTool({
    name: 'browser_set_storage_state',
    group: 'storage',
    title: 'Restore storage state',
    description: 'Restore storage state (cookies, local storage) from a file. This clears existing cookies and local storage before restoring.',
    params: {
      filename: fileName().describe('Path to the storage state file to restore from. Relative file names are resolved against the workspace root.'),
    },
    annotations: removes,
    async handle(session, params, response) {
      const path = await stateFileToRead(session, params.filename);
      const loaded = await worded(loadStorageState(await browserContext(session), path, session.config.navigationTimeoutMs));
      response.addResult(stateRestoredText(params.filename, loaded));
      code(session, response, `await page.context().setStorageState(${jsString(path)});`);
    },
  }),
];

export const storageTools: Tool[] = [...cookieTools, ...webStorageTools('local'), ...webStorageTools('session'), ...stateTools];
