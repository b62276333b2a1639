// browser_console_messages / browser_console_message: what the page logged and threw, per
// document (driver/collectors). Reading never touches the page, so these work while a dialog
// is open.
import { z } from 'zod';
import { defineTool } from '../define.js';
import type { Session } from '../session.js';
import type { PageCollectors } from '../../index.js';
import { listConsoleMessages, showConsoleMessage } from '../format/console.js';
import { resultOrFile } from './common.js';

/** The current tab's collectors, without starting a browser just to say there is nothing. */
export function currentCollectors(session: Session): PageCollectors {
  const tab = session.currentTabOrUndefined();
  if (!tab) throw new Error('No page is open yet, so nothing was recorded. Open one with browser_navigate first.');
  return tab.collectors;
}

export const includeEarlierParam = z.boolean().optional()
  .describe('Also list what the two previous pages (documents before the last navigations) recorded. Default false: the current page only.');
export const filenameParam = (what: string) => z.string().optional()
  .describe(`File name to save the ${what} to (inside the output directory or the client roots). If not provided, they are returned as text.`);

export const offsetParam = z.number().int().min(0).optional().describe('Skip this many matching items (paging). Default 0.');
export const limitParam = z.number().int().min(1).max(1000).optional().describe('Return at most this many items. Default 100.');
export const idParam = z.number().int().min(1).describe('Id shown in the listing, e.g. 12 for "#12". Ids never change.');

export const consoleTools = [
  defineTool({
    name: 'browser_console_messages',
    group: 'core',
    title: 'Console messages',
    description: 'List console messages, uncaught exceptions and unhandled promise rejections of the current page (since its last navigation), oldest first, each with an id. Repeats are counted (x3).',
    params: {
      level: z.enum(['error', 'warning', 'info', 'debug']).default('info')
        .describe('Lowest level to show: "error" for errors only, "warning" adds warnings, "info" (default) adds logs, "debug" shows everything.'),
      all: z.boolean().optional().describe('Also list what the previous pages (the two documents before the last navigations) logged. Default false: since the last navigation only.'),
      filename: filenameParam('console messages'),
      offset: offsetParam,
      limit: limitParam,
    },
    aliases: { includeEarlier: 'all' },
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false, idempotentHint: true },
    ignoresModal: true,
    async handle(session, params, response) {
      const text = listConsoleMessages(currentCollectors(session).console, { level: params.level, includeEarlier: params.all, offset: params.offset, limit: params.limit });
      await resultOrFile(session, response, text, params.filename, { title: 'Console', prefix: 'console', extension: 'log' });
    },
  }),
  defineTool({
    name: 'browser_console_message',
    group: 'core',
    skillOnly: true,
    title: 'One console message',
    description: 'Show one console message or uncaught error by id: full text, location and stack.',
    params: { id: idParam },
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false, idempotentHint: true },
    ignoresModal: true,
    async handle(session, params, response) {
      response.addResult(showConsoleMessage(currentCollectors(session).console, params.id));
    },
  }),
];

