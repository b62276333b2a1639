// Turns a finished ToolResponse into the tool result: markdown sections, only the non-empty ones,
// always in this order: Error, Hints, Result, Page, Tabs, Modal state, Snapshot, Events. Anything that can
// hang on a hostile page (title, snapshot) is bounded here.
import { writeRedactedText } from './secrets.js';
import type { Session } from './session.js';
import type { SnapshotRequest, ToolResponse } from './response.js';
import { browserAnswers, delay, PageTimeoutError, withDeadline, type SettleSnapshotRequest } from '../index.js';
import type { Tab } from './tab.js';
import { formatModalState } from './format/events.js';
import { errorReason, formatError } from './format/errors.js';
import { bullets, fileLink, formatPage, formatSnapshot, section } from './format/sections.js';
import { tabList } from './format/tabs.js';
import { fenced } from './format/listing.js';
import { timestampedName } from './files.js';
import { markPicked } from './picked.js';
import { restatedByEcho } from './restated.js';

import { markEchoOnly, type ContentBlock, type ToolResult } from './result.js';
export type { ContentBlock, ToolResult } from './result.js';

const SNAPSHOT_LIMIT_MS = 15_000;
/** A snapshot still running after this long may be a frozen browser rather than a slow page: the browser is asked. */
const ASK_BROWSER_AFTER_MS = 3000;

/**
 * The browser itself stopped answering, not one slow page: an error of the whole call, whatever
 * the tool did before, since nothing in that browser works until it answers again. Says where
 * the browser is and how to get going again.
 */
class BrowserNotAnsweringError extends Error {
  constructor(session: Session, reason: string) {
    const endpoint = session.config.connect?.split('?')[0]; // a query may carry a token
    const where = endpoint ? `The browser at ${endpoint}` : 'The browser ariaref launched';
    const next = endpoint
      ? 'Resume the browser (a stopped process, a suspended machine, a paused debugger), or restart it (ariaref reconnects on the next call), then call browser_snapshot again.'
      : 'Resume its process, or restart the ariaref server to get a fresh browser, then call browser_snapshot again.';
    super(`${where} stopped answering: ${reason}, and the browser did not answer the DevTools protocol either. ${next}`);
    this.name = 'BrowserNotAnsweringError';
  }
}

/** Why the snapshot failed, in words that do not blame the page (a timeout's own do: "busy, paused by a dialog"). */
function failedBecause(error: unknown): string {
  return error instanceof PageTimeoutError ? `${error.what.toLowerCase()} got no answer within ${error.ms / 1000} s` : errorReason(error);
}

/** A snapshot as shown, and for a whole-page one what the next diff compares (the page before folding). */
interface Shown { yaml: string; basis?: string; title?: string }

/**
 * In diff mode, what changed since what the agent read of this page (read-snapshots.ts), when
 * that is shorter; '' when the action's echo says all of it (restated.ts).
 */
function diffAgainstRead(tab: Tab, request: SnapshotRequest, shown: Shown, mode: string, response: ToolResponse): string | undefined {
  if (shown.basis === undefined) return undefined;
  const url = tab.page.url();
  const diff = mode === 'diff' && !request.explicit ? tab.readSnapshots.diff(shown.basis, url, shown.yaml.length, response.focusTargets) : undefined;
  const claims = response.echoClaims;
  tab.readSnapshots.record(shown.basis, url);
  if (diff === undefined) return undefined;
  return restatedByEcho(diff, shown.basis, claims) ? '' : '```yaml\n' + tab.readSnapshots.shownText(diff) + '\n```';
}

/** The snapshot call an answer makes for `asked`; a whole-page one also gives the next diff its basis. */
function snapshotCall(session: Session, asked: SnapshotRequest) {
  // Folded to the budget in the page (structure, never text cut mid-way): the one place the budget applies.
  const budget = session.config.snapshotMaxTokens;
  // --snapshot-boxes: every snapshot gets boxes unless the call says otherwise.
  const request = { ...asked, boxes: asked.boxes ?? (session.config.snapshotBoxes || undefined) };
  // A page of a fold (offset/limit) is not the page: it is no basis for the next diff.
  const wholePage = !request.ref && request.depth === undefined && !request.boxes && !request.verbose && request.offset === undefined && request.limit === undefined;
  const options = {
    rootRef: request.ref, depth: request.depth, boxes: request.boxes, verbose: request.verbose, interactive: request.interactive,
    budgetTokens: request.budgetTokens ?? (budget > 0 ? budget : undefined), offset: request.offset, limit: request.limit,
  };
  return { request, wholePage, options };
}

/**
 * For an action whose answer shows the page (ToolResponse.setIncludeSnapshot()): the snapshot its
 * settle reads in the same call into the page, so that the answer asks the page nothing more.
 */
export async function answerSnapshotRequest(session: Session, tab: Tab): Promise<SettleSnapshotRequest | undefined> {
  if (session.config.snapshotMode === 'none') return undefined;
  const { wholePage, options } = snapshotCall(session, {});
  if (!wholePage) return undefined;
  const aria = await tab.aria().catch(() => undefined);
  return aria?.settleSnapshot(options);
}

/** What the snapshot section learned besides its text: whether it restated the action, the page's title then. */
interface SnapshotOutcome { restated: boolean; title?: string }

async function snapshotSection(session: Session, tab: Tab, response: ToolResponse, outcome: SnapshotOutcome): Promise<string | undefined> {
  if (!response.snapshot) return undefined;
  if (session.config.snapshotMode === 'none' && !response.snapshot.explicit) return undefined;
  // A JavaScript dialog freezes the page's script: the snapshot would wait for it forever. One
  // can also open while we snapshot (an alert loop): then we stop waiting for the page.
  const modal = tab.nextModal();
  const askBrowser = delay(ASK_BROWSER_AFTER_MS);
  try {
    if (tab.isBlocked()) return 'Snapshot skipped: a dialog is open. Answer it with browser_handle_dialog first.';
    const { request, wholePage, options } = snapshotCall(session, response.snapshot);
    // A tab just opened (browser_tabs new) shows nothing: under load, loading the runtime into its
    // fresh renderer for that took longer than opening the tab.
    const snapshot = wholePage && tab.showsNothingYet() ? Promise.resolve<Shown>({ yaml: '', basis: '' })
      : withDeadline(tab.aria().then(async (aria): Promise<Shown> => {
        // The action's settle may have read this very snapshot already (answerSnapshotRequest).
        const read: Shown = wholePage ? await aria.snapshotWithBasis(options, response.snapshotReadBy ?? response.waits.at(-1)) : { yaml: await aria.snapshot(options) };
        return {
          yaml: markPicked(tab.page, read.yaml), ...(read.basis !== undefined ? { basis: markPicked(tab.page, read.basis) } : {}),
          ...(read.title !== undefined ? { title: read.title } : {}),
        };
      }), SNAPSHOT_LIMIT_MS, () => new Error(`the page did not answer within ${SNAPSHOT_LIMIT_MS / 1000} s`));
    snapshot.catch(() => {});
    // Asked early, so a frozen browser is reported in seconds instead of after every timeout below.
    const frozen = askBrowser.promise.then(() => browserAnswers(tab.page)).then(answers => answers
      ? new Promise<never>(() => {})
      : Promise.reject(new BrowserNotAnsweringError(session, `the page snapshot got no answer within ${ASK_BROWSER_AFTER_MS / 1000} s`)));
    frozen.catch(() => {}); // the snapshot may have won meanwhile
    const shown = await Promise.race([snapshot, modal.promise.then(() => undefined), frozen]);
    if (shown === undefined) return 'Snapshot skipped: a dialog opened. Answer it with browser_handle_dialog first.';
    outcome.title = shown.title;
    // --snapshot-mode file: after actions the whole snapshot goes to a file the answer links, as
    // Playwright MCP 0.0.83 answers. Otherwise the agent gets it inline, or what changed since it
    // read it (a browser_snapshot shows the whole page when it wants it): a link beside that costs
    // ~75 characters a call for a copy nobody asked for. Asked-for snapshots stay inline.
    const mode = session.config.snapshotMode;
    if (request.file || (!request.explicit && mode === 'file')) {
      if (!request.file && shown.basis !== undefined) tab.readSnapshots.record(shown.basis, tab.page.url());
      const file = request.file ?? await session.outputFile(undefined, timestampedName('page', 'yml'), 'Snapshot');
      writeRedactedText(session.config.secrets, file, shown.yaml.trimEnd(), { finalNewline: false });
      return fileLink('Snapshot', file);
    }
    const diff = diffAgainstRead(tab, request, shown, mode, response);
    if (diff === undefined) return formatSnapshot(shown.yaml);
    outcome.restated = diff === '';
    return diff || undefined;
  } catch (error) {
    if (error instanceof BrowserNotAnsweringError) throw error;
    // A frozen browser fails every page the same way: asking the browser itself tells the two apart.
    if (!await browserAnswers(tab.page)) throw new BrowserNotAnsweringError(session, failedBecause(error));
    if (response.snapshot.ref) throw error;
    return `Snapshot failed: ${errorReason(error)}. Try browser_snapshot again, or browser_wait_for if the page is still loading.`;
  } finally {
    modal.cancel();
    askBrowser.cancel();
  }
}

async function tabsSection(session: Session): Promise<string | undefined> {
  const open = session.tabs.filter(t => !t.isClosed());
  return open.length < 2 ? undefined : tabList(session);
}

export async function renderResponse(session: Session, response: ToolResponse): Promise<ToolResult> {
  const sections: string[] = [];
  const tab = response.skipPage ? undefined : session.currentTabOrUndefined();
  let snapshot: string | undefined;
  const outcome: SnapshotOutcome = { restated: false };
  if (tab) {
    try {
      snapshot = await snapshotSection(session, tab, response, outcome);
    } catch (error) {
      response.addError(formatError(error));
    }
  }
  if (response.errors.length) sections.push(section('Error', response.errors.join('\n')));
  if (response.hints.length) sections.push(section('Hints', response.hints.join('\n')));
  // An echo of the action is news only when no inline snapshot shows what it did, and no code
  // the page showed to have run as written says it.
  const showsCode = response.code.length > 0 && session.config.codegen !== 'none';
  const echoed = !snapshot?.includes('```') && !(outcome.restated && showsCode);
  const results = echoed ? [...response.results, ...response.echoes] : response.results;
  if (results.length) sections.push(section('Result', results.join('\n')));
  if (showsCode)
    sections.push(section('Ran Playwright code', fenced(response.code.join('\n'), session.config.codegen === 'typescript' ? 'js' : session.config.codegen)));
  // Sections in Playwright MCP's order and names: Open tabs, then Page.
  if (!response.skipPage && !response.skipTabs) {
    const tabs = await tabsSection(session);
    if (tabs) sections.push(section('Open tabs', tabs));
  }
  const notes = [...session.takeNotes(), ...response.pageNotes];
  // The snapshot just taken read the title with the page: no call of its own.
  const page = tab ? { url: tab.page.url(), title: await tab.title(outcome.title), status: tab.mainDocumentStatus(), console: tab.collectors.console.counts() } : undefined;
  const pageText = formatPage(page, response.waits, notes);
  // Said once: a Page section that would repeat the last answer's for the same tab (same URL,
  // title, console counts, nothing to note) is left out; the next change shows it again.
  if (pageText && (session.pageShown(tab, pageText) || !session.config.pageSectionOnce)) sections.push(section('Page', pageText));
  if (tab?.modals.length) sections.push(section('Modal state', bullets(tab.modals.map(formatModalState))));
  if (snapshot) sections.push(section('Snapshot', snapshot));
  const events = [...await session.takeEvents(), ...response.events];
  if (events.length) sections.push(section('Events', bullets(events)));
  // Errors keep their paths whole (a missing browser at /abs/path must read as that path), as
  // Playwright MCP shortens only the links to files it wrote.
  const error = response.errors.length ? sections.shift()! : undefined;
  const rest = await session.relativizePaths(sections.join('\n\n'));
  const text = [error, rest].filter(Boolean).join('\n\n') || '### Result\nDone.';
  const content: ContentBlock[] = [{ type: 'text', text }];
  for (const image of response.images) content.push({ type: 'image', data: image.data, mimeType: image.mimeType });
  const result: ToolResult = response.isError ? { content, isError: true } : { content };
  const onlyEcho = !response.isError && !response.results.length && response.echoes.length && echoed && !events.length && !notes.length && !response.images.length;
  if (onlyEcho) markEchoOnly(result);
  return result;
}
