// Navigation: go to a URL, back, forward, reload. Origin lists are checked up front so the agent
// gets a clear refusal instead of a net::ERR_BLOCKED_BY_CLIENT page.
import { z } from 'zod';
import { defineTool } from '../define.js';
import { act } from './common.js';
import {
  ArgumentError, checkUrl, goBack, goForward, KeptNavigatingError, within, navigate, PageNotRespondingError, prepareToLeave, reload, UrlRefusedError,
} from '../../index.js';
import {
  formatHistoryLost, formatHistoryStep, formatKeptNavigating, formatLeaving, formatNavigated, formatReplacedTab, formatStatus,
} from '../format/navigation.js';
import type { Session } from '../session.js';
import { recordPageCall } from '../codegen/record.js';
import type { ToolResponse } from '../response.js';
import type { Tab } from '../tab.js';

/** How long browser_navigate waits for a URL that turned out to be a download to be saved. */
const DOWNLOAD_WITHIN_MS = 10_000;

/** goto already waited for the document (up to --timeout-navigation): the waiter only settles it. */
const AFTER_GOTO = { navigationTimeoutMs: 3000 };

/** "example.com/x" → "https://example.com/x"; "localhost:3000" → "http://localhost:3000". */
export function normalizeUrl(raw: string): string {
  const url = raw.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) && !/^[^:/]+:\d+/.test(url)) return url;
  const local = /^(localhost|127\.|\[::1\])/i.test(url);
  return `${local ? 'http' : 'https'}://${url}`;
}

/**
 * `raw` completed to a URL this session may load; throws saying why not (origin lists, file:
 * access), judged on the URL it reaches once wrappers such as view-source: are taken off.
 */
export function allowedUrl(session: Session, raw: string): string {
  const url = normalizeUrl(raw);
  const { allowedOrigins: allowed, blockedOrigins: blocked, allowFileAccess } = session.config;
  try {
    checkUrl({ allowed, blocked, allowFileAccess }, url);
  } catch (error) {
    if (!(error instanceof UrlRefusedError)) throw error;
    // The browser's own code for a blocked request first, as the page would have seen it; Playwright
    // MCP's wording for file:, so agents trained on it recognize it; then the way out.
    const next = { file: 'Restart the server with --allow-file-access to open local files.', origin: 'Pick a URL on an allowed origin.', invalid: 'Pass a shorter, valid URL.' }[error.reason];
    throw new ArgumentError(`${error.reason === 'file' ? 'Error: ' : ''}${error.message} ${next}`, 'url');
  }
  return url;
}

/**
 * Gets `tab` ready to be navigated away from: its dialogs answered, and when the page does not
 * respond, its tab replaced by a fresh one (the library cannot replace a tab; the session can).
 * Never throws for the page's sake. Returns the tab to navigate, and its notes are added to the response.
 */
async function leaveTab(session: Session, response: ToolResponse, tab: Tab): Promise<Tab> {
  // Nothing ran in the blank document of a tab no tool used: it has no dialogs and no script to be stuck in.
  if (tab.untouched) return tab;
  try {
    const left = await prepareToLeave(tab.page); // the tab's collectors answer (and log) its dialogs
    for (const note of formatLeaving(left.dialogs)) response.addResult(note);
    return tab;
  } catch (error) {
    if (!(error instanceof PageNotRespondingError)) throw error;
    for (const note of formatLeaving(error.dialogs)) response.addResult(note);
    const fresh = await session.replaceTab(tab);
    response.addResult(formatReplacedTab(error));
    return fresh;
  }
}

/** The library's typed "kept navigating" error, worded with the tools that get away from such a page. */
async function withToolWording<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof KeptNavigatingError) throw new Error(formatKeptNavigating(error));
    throw error;
  }
}

/** Navigates the current (prepared) tab to `url`, inside the action waiter. */
export function gotoPrepared(session: Session, response: ToolResponse, url: string) {
  const fromBlank = !!session.currentTabOrUndefined()?.untouched;
  return withToolWording(act(session, response, current => navigate(current.page, url, {
    prepare: false, timeoutMs: session.config.navigationTimeoutMs,
  }), { ...AFTER_GOTO, fromBlank }));
}

async function historyStep(session: Session, response: ToolResponse, direction: 'back' | 'forward'): Promise<void> {
  recordPageCall(session, response, { method: direction === 'back' ? 'goBack' : 'goForward' });
  const current = await session.ensureTab();
  const tab = await leaveTab(session, response, current);
  if (tab !== current) {
    response.setIncludeSnapshot();
    throw new Error(formatHistoryLost(direction));
  }
  const step = direction === 'back' ? goBack : goForward;
  const result = await act(session, response, tab => step(tab.page, { prepare: false, timeoutMs: session.config.navigationTimeoutMs }), AFTER_GOTO);
  response.addResult(formatHistoryStep(direction, result));
}

export const navigationTools = [
  defineTool({
    name: 'browser_navigate',
    group: 'core-navigation',
    title: 'Navigate to a URL',
    description: 'Navigate the current tab to a URL',
    params: { url: z.string().min(1).describe('The URL to navigate to') },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    ignoresModal: true, // it answers open dialogs itself: leaving a page never blocks
    async handle(session, params, response) {
      const url = allowedUrl(session, params.url);
      recordPageCall(session, response, { method: 'goto', url });
      const tab = await leaveTab(session, response, await session.ensureTab({ forNavigation: true }));
      const landing = await gotoPrepared(session, response, url);
      if (tab.isClosed()) return;
      // The URL was a file: let the download finish (bounded), so the answer says where it is.
      if (landing?.load === 'download') await within(tab.collectors.downloads.settled(), DOWNLOAD_WITHIN_MS);
      // The plain "Navigated to URL." restates the call beside the Page section and the snapshot.
      for (const line of formatNavigated(url, landing, session.config.navigationTimeoutMs)) {
        if (line === `Navigated to ${url}.`) response.addEcho(line);
        else response.addResult(line);
      }
    },
  }),
  defineTool({
    name: 'browser_navigate_back',
    group: 'core-navigation',
    title: 'Go back',
    description: 'Go back to the previous page in the current tab\'s history',
    params: {},
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
    ignoresModal: true,
    handle: (session, _params, response) => historyStep(session, response, 'back'),
  }),
  defineTool({
    name: 'browser_navigate_forward',
    group: 'core-navigation',
    skillOnly: true,
    title: 'Go forward',
    description: 'Go forward to the next page in the current tab\'s history',
    params: {},
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
    ignoresModal: true,
    handle: (session, _params, response) => historyStep(session, response, 'forward'),
  }),
  defineTool({
    name: 'browser_reload',
    group: 'core-navigation',
    skillOnly: true,
    title: 'Reload the page',
    description: 'Reload the current page',
    params: {},
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
    ignoresModal: true,
    async handle(session, _params, response) {
      recordPageCall(session, response, { method: 'reload' });
      const current = await session.ensureTab();
      const url = current.page.url();
      const tab = await leaveTab(session, response, current);
      // A replaced tab is blank: "reloading" it means loading the old URL again.
      const result = tab === current
        ? await act(session, response, t => reload(t.page, { prepare: false, timeoutMs: session.config.navigationTimeoutMs }), AFTER_GOTO)
        : await gotoPrepared(session, response, url);
      response.addResult(formatStatus(result, 'Reloaded'));
    },
  }),
];
