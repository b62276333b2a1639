// browser_console_messages / browser_console_message: what the page logged and threw, per
// document (driver/collectors). Reading never touches the page, so these work while a dialog
// is open.
import { z } from 'zod';
import { defineTool } from '../define.js';
import type { Session } from '../session.js';
import type { PageCollectors } from '../../index.js';
import { consoleCleared, listConsoleMessages, showConsoleMessage } from '../format/console.js';
import { resultOrFile } from './common.js';
import { fileName, wholeNumber } from '../input-policy.js';

/** The current tab's collectors, without starting a browser just to say there is nothing. */
export function currentCollectors(session: Session): PageCollectors {
  const tab = session.currentTabOrUndefined();
  if (!tab) throw new Error('No page is open yet, so nothing was recorded. Open one with browser_navigate first.');
  return tab.collectors;
}

export const includeEarlierParam = z.boolean().optional()
  .describe('Include the two previous pages');
export const filenameParam = (what: string) => fileName().optional()
  .describe(`Save the ${what} to a file`);

export const offsetParam = wholeNumber('offset', 0, 1_000_000).optional().describe('Skip this many (paging)');
export const limitParam = wholeNumber('limit', 1, 1000).optional().describe('At most this many (default 100)');
/** An id or number from a listing; ids count up through the session. */
export const idParam = (name: string) => wholeNumber(name, 1, 1_000_000_000);

export const consoleTools = [
  defineTool({
    name: 'browser_console_messages',
    group: 'core',
    title: 'Console messages',
    description: 'Returns console messages and uncaught errors since the page loaded, with ids',
    params: {
      level: z.enum(['error', 'warning', 'info', 'debug']).default('info')
        .describe('Level of the console messages to return. Each level includes the messages of more severe levels.'),
      all: z.boolean().optional().describe('Since the session began, not just since the last navigation'),
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
    params: { id: idParam('id').describe('Id from the listing (#12 is 12)') },
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false, idempotentHint: true },
    ignoresModal: true,
    async handle(session, params, response) {
      response.addResult(showConsoleMessage(currentCollectors(session).console, params.id));
    },
  }),
  defineTool({
    name: 'browser_console_clear',
    group: 'core',
    skillOnly: true,
    title: 'Clear console messages',
    description: 'Clear all console messages',
    params: {},
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false, idempotentHint: true },
    ignoresModal: true,
    async handle(session, _params, response) {
      session.currentTabOrUndefined()?.collectors.console.clear();
      response.addResult(consoleCleared());
    },
  }),
];

