// Navigation: go to a URL, back, forward, reload. Origin lists are checked up front so the agent
// gets a clear refusal instead of a net::ERR_BLOCKED_BY_CLIENT page.
import { z } from 'zod';
import { defineTool } from '../tool.js';
import { originVerdict } from '../safety/origins.js';
import { act } from './common.js';
import { gotoLanding, LEAVING_POLICY, prepareToLeave } from '../leave-page.js';
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
  const current = await context.ensureTab();
  const { tab, notes } = await prepareToLeave(context, current);
  for (const note of notes) response.addResult(note);
  if (tab !== current) {
    response.setIncludeSnapshot();
    throw new Error(`Could not go ${direction}: the old tab's history went with it. Navigate to a URL with browser_navigate.`);
  }
  const result = await act(context, response, tab => tab.collectors.modal.withPolicy(LEAVING_POLICY, () => direction === 'back'
    ? tab.page.goBack({ waitUntil: 'domcontentloaded' })
    : tab.page.goForward({ waitUntil: 'domcontentloaded' })), AFTER_GOTO);
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
    ignoresModal: true, // it answers open dialogs itself: leaving a page never blocks
    async handle(context, params, response) {
      const url = normalizeUrl(params.url);
      const refusal = originVerdict({ allowed: context.config.allowedOrigins, blocked: context.config.blockedOrigins }, url);
      if (refusal) throw new Error(`Not navigating to ${url}: ${refusal}. Pick a URL on an allowed origin.`);
      if (/^file:/i.test(url) && !context.config.allowFileAccess) throw new Error(`Not navigating to ${url}: file: URLs are refused unless the server runs with --allow-file-access.`);
      const { tab, notes } = await prepareToLeave(context, await context.ensureTab());
      for (const note of notes) response.addResult(note);
      const landing = await act(context, response, current => gotoLanding(current, url, context.config.navigationTimeoutMs), AFTER_GOTO);
      if (tab.isClosed()) return;
      if (landing?.cutShort) response.addResult(`The page's own navigations cut ours short ${landing.cutShort} time${landing.cutShort > 1 ? 's' : ''}; retried.`);
      // A page that never finishes loading is still worth seeing: report what arrived.
      if (landing?.load === 'kept-navigating') response.addResult(`${url} keeps navigating by itself (it reloads or redirects before it finishes loading); the snapshot shows whichever document was there when it was taken. Navigate elsewhere, or close the tab, to get away from it.`);
      else if (landing?.load === 'timeout') response.addResult(`${url} did not finish loading within ${context.config.navigationTimeoutMs / 1000} s (--timeout-navigation); the snapshot shows what has arrived so far. Use browser_wait_for to wait for specific content.`);
      else reportStatus(response, landing?.response, `Navigated to ${url}`);
    },
  }),
  defineTool({
    name: 'browser_navigate_back',
    group: 'core',
    title: 'Go back',
    description: 'Go back to the previous page in the current tab\'s history',
    params: {},
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
    ignoresModal: true,
    handle: (context, _params, response) => historyStep(context, response, 'back'),
  }),
  defineTool({
    name: 'browser_navigate_forward',
    group: 'core',
    title: 'Go forward',
    description: 'Go forward to the next page in the current tab\'s history',
    params: {},
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
    ignoresModal: true,
    handle: (context, _params, response) => historyStep(context, response, 'forward'),
  }),
  defineTool({
    name: 'browser_reload',
    group: 'core',
    title: 'Reload the page',
    description: 'Reload the current page',
    params: {},
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
    ignoresModal: true,
    async handle(context, _params, response) {
      const current = await context.ensureTab();
      const url = current.page.url();
      const { tab, notes } = await prepareToLeave(context, current);
      for (const note of notes) response.addResult(note);
      // A replaced tab is blank: "reloading" it means loading the old URL again.
      const result = await act(context, response, t => tab === current
        ? t.collectors.modal.withPolicy(LEAVING_POLICY, () => t.page.reload({ waitUntil: 'domcontentloaded' }))
        : gotoLanding(t, url, context.config.navigationTimeoutMs).then(landing => landing.response), AFTER_GOTO);
      reportStatus(response, result, 'Reloaded');
    },
  }),
];
