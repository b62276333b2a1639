// Navigation: go to a URL, back, forward, reload. Origin lists are checked up front so the agent
// gets a clear refusal instead of a net::ERR_BLOCKED_BY_CLIENT page.
import { z } from 'zod';
import { defineTool } from '../tool.js';
import { originVerdict } from '../safety/origins.js';
import { act } from './common.js';
import type { McpContext } from '../context.js';
import type { ToolResponse } from '../response.js';
import type { Response as PageResponse } from 'playwright';

/** goto already waited for the document (up to --timeout-navigation): the waiter only settles it. */
const AFTER_GOTO = { navigationTimeoutMs: 3000 };

/** "example.com/x" → "https://example.com/x"; "localhost:3000" → "http://localhost:3000". */
export function normalizeUrl(raw: string): string {
  const url = raw.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) && !/^[^:/]+:\d+/.test(url)) return url;
  const local = /^(localhost|127\.|\[::1\])/i.test(url);
  return `${local ? 'http' : 'https'}://${url}`;
}

function reportStatus(response: ToolResponse, pageResponse: PageResponse | null | undefined, what: string): void {
  if (pageResponse && pageResponse.status() >= 400) response.addResult(`${what}: the server answered HTTP ${pageResponse.status()} ${pageResponse.statusText()}.`);
  else response.addResult(`${what}.`);
}

async function historyStep(context: McpContext, response: ToolResponse, direction: 'back' | 'forward'): Promise<void> {
  const result = await act(context, response, tab => direction === 'back'
    ? tab.page.goBack({ waitUntil: 'domcontentloaded' })
    : tab.page.goForward({ waitUntil: 'domcontentloaded' }), AFTER_GOTO);
  if (result === null) response.addResult(`There is no page to go ${direction} to in this tab's history.`);
  else reportStatus(response, result, `Went ${direction}`);
}

export const navigationTools = [
  defineTool({
    name: 'browser_navigate',
    group: 'core',
    title: 'Navigate to a URL',
    description: 'Navigate the current tab to a URL',
    params: { url: z.string().min(1).describe('The URL to navigate to') },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    async handle(context, params, response) {
      const url = normalizeUrl(params.url);
      const refusal = originVerdict({ allowed: context.config.allowedOrigins, blocked: context.config.blockedOrigins }, url);
      if (refusal) throw new Error(`Not navigating to ${url}: ${refusal}. Pick a URL on an allowed origin.`);
      if (/^file:/i.test(url) && !context.config.allowFileAccess) throw new Error(`Not navigating to ${url}: file: URLs are refused unless the server runs with --allow-file-access.`);
      let timedOut = false;
      // A page that navigates itself (a reload loop) can cut our navigation short: try twice more.
      const go = (page: import('playwright').Page, attempt: number, before = page.url()): Promise<PageResponse | null> => page.goto(url, { waitUntil: 'domcontentloaded' }).then(response => {
        // Still on the old document without a response of ours: the page's own navigation won.
        const bounced = page.url() === before && before !== url && (!response || response.url() !== page.url());
        return bounced && attempt < 2 ? go(page, attempt + 1, before) : response;
      }).catch(error => {
        // Cut short by a navigation to the very same URL: that one brings us where we wanted.
        if ((error as Error)?.message?.includes(`interrupted by another navigation to "${url}"`)) return page.waitForLoadState('domcontentloaded').then(() => null);
        const cut = /interrupted by another navigation/.test((error as Error)?.message ?? '') || (/net::ERR_ABORTED/.test((error as Error)?.message ?? '') && page.url() === before && before !== url);
        if (attempt < 2 && cut) return go(page, attempt + 1, before);
        // A page that never finishes loading is still worth seeing: report what arrived.
        if ((error as Error)?.name !== 'TimeoutError') throw error;
        timedOut = true;
        return null;
      });
      const result = await act(context, response, tab => go(tab.page, 0), AFTER_GOTO);
      if (timedOut) response.addResult(`${url} did not finish loading within ${context.config.navigationTimeoutMs / 1000} s (--timeout-navigation); the snapshot shows what has arrived so far. Use browser_wait_for to wait for specific content.`);
      else reportStatus(response, result, `Navigated to ${url}`);
    },
  }),
  defineTool({
    name: 'browser_navigate_back',
    group: 'core',
    title: 'Go back',
    description: 'Go back to the previous page in the current tab\'s history',
    params: {},
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
    handle: (context, _params, response) => historyStep(context, response, 'back'),
  }),
  defineTool({
    name: 'browser_navigate_forward',
    group: 'core',
    title: 'Go forward',
    description: 'Go forward to the next page in the current tab\'s history',
    params: {},
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
    handle: (context, _params, response) => historyStep(context, response, 'forward'),
  }),
  defineTool({
    name: 'browser_reload',
    group: 'core',
    title: 'Reload the page',
    description: 'Reload the current page',
    params: {},
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
    async handle(context, _params, response) {
      const result = await act(context, response, tab => tab.page.reload({ waitUntil: 'domcontentloaded' }), AFTER_GOTO);
      reportStatus(response, result, 'Reloaded');
    },
  }),
];
