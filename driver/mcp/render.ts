// Turns a finished ToolResponse into the tool result: markdown sections, only the non-empty ones,
// always in this order: Error, Result, Page, Tabs, Modal state, Snapshot, Events. Anything that can
// hang on a hostile page (title, snapshot) is bounded here.
import type { McpContext } from './context.js';
import type { SnapshotRequest, ToolResponse } from './response.js';
import { diffSnapshots } from '../page/diff.js';
import type { Tab } from './tab.js';
import { renderModalState } from '../collectors/index.js';
import { bullets, formatPage, formatSnapshot, formatTabs, section } from './format/sections.js';

export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string };

export interface ToolResult { content: ContentBlock[]; isError?: boolean }

const SNAPSHOT_LIMIT_MS = 15_000;

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(message)), ms); });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** In diff mode, what changed since the last whole-page snapshot of the same page, when that is shorter. */
function diffAgainstLast(tab: Tab, request: SnapshotRequest, yaml: string, mode: string): string | undefined {
  const wholePage = !request.ref && request.depth === undefined && !request.boxes && !request.verbose;
  if (!wholePage) return undefined;
  const previous = tab.lastSnapshot;
  tab.lastSnapshot = { yaml, url: tab.page.url() };
  if (mode !== 'diff' || request.explicit || !previous || previous.url !== tab.page.url()) return undefined;
  const diff = diffSnapshots(previous.yaml, yaml);
  return diff.text.length < yaml.length ? '```yaml\n' + diff.text + '\n```' : undefined;
}

async function snapshotSection(context: McpContext, tab: Tab, response: ToolResponse): Promise<string | undefined> {
  if (!response.snapshot) return undefined;
  if (context.config.snapshotMode === 'none' && !response.snapshot.explicit) return undefined;
  // A JavaScript dialog freezes the page's script: the snapshot would wait for it forever. One
  // can also open while we snapshot (an alert loop): then we stop waiting for the page.
  const modal = tab.nextModal();
  try {
    if (tab.isBlocked()) return 'Snapshot skipped: a dialog is open. Answer it with browser_handle_dialog first.';
    // Fold to the budget in the page (structure, never text cut mid-way); the cut in
    // formatSnapshot stays only as a safety net, at twice the budget.
    const budget = context.config.snapshotMaxTokens;
    const request = { ...response.snapshot, budgetTokens: response.snapshot.budgetTokens ?? (budget > 0 ? budget : undefined) };
    const snapshot = withTimeout(tab.driver.snapshot(request), SNAPSHOT_LIMIT_MS,
      `the page did not answer within ${SNAPSHOT_LIMIT_MS / 1000} s`);
    snapshot.catch(() => {});
    const yaml = await Promise.race([snapshot, modal.promise.then(() => undefined)]);
    if (yaml === undefined) return 'Snapshot skipped: a dialog opened. Answer it with browser_handle_dialog first.';
    return diffAgainstLast(tab, response.snapshot, yaml, context.config.snapshotMode)
      ?? formatSnapshot(yaml, (request.budgetTokens ?? 0) * 2);
  } catch (error) {
    if (response.snapshot.ref) throw error;
    const reason = (error as Error).message.split('\n')[0].replace(/\.+$/, '');
    return `Snapshot failed: ${reason}. Try browser_snapshot again, or browser_wait_for if the page is still loading.`;
  } finally {
    modal.cancel();
  }
}

async function tabsSection(context: McpContext): Promise<string | undefined> {
  const tabs = context.tabs.filter(t => !t.isClosed());
  if (tabs.length < 2) return undefined;
  const current = context.currentTabOrUndefined();
  const facts = await Promise.all(tabs.map(async (tab, index) => ({ index, url: tab.page.url(), title: await tab.title(), current: tab === current })));
  return formatTabs(facts);
}

export async function renderResponse(context: McpContext, response: ToolResponse): Promise<ToolResult> {
  const sections: string[] = [];
  const tab = response.skipPage ? undefined : context.currentTabOrUndefined();
  let snapshot: string | undefined;
  if (tab) {
    try {
      snapshot = await snapshotSection(context, tab, response);
    } catch (error) {
      response.addError((error as Error).message);
    }
  }
  if (response.errors.length) sections.push(section('Error', response.errors.join('\n')));
  if (response.results.length) sections.push(section('Result', response.results.join('\n')));
  const notes = [...context.takeNotes(), ...response.pageNotes];
  const page = tab ? { url: tab.page.url(), title: await tab.title() } : undefined;
  const pageText = formatPage(page, response.waits, notes);
  if (pageText) sections.push(section('Page', pageText));
  if (!response.skipPage && !response.skipTabs) {
    const tabs = await tabsSection(context);
    if (tabs) sections.push(section('Tabs', tabs));
  }
  if (tab?.modals.length) sections.push(section('Modal state', bullets(tab.modals.map(renderModalState))));
  if (snapshot) sections.push(section('Snapshot', snapshot));
  const events = [...context.takeEvents(), ...response.events];
  if (events.length) sections.push(section('Events', bullets(events)));
  const content: ContentBlock[] = [{ type: 'text', text: sections.join('\n\n') || '### Result\nDone.' }];
  for (const image of response.images) content.push({ type: 'image', data: image.data, mimeType: image.mimeType });
  return response.isError ? { content, isError: true } : { content };
}
