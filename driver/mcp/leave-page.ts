// Leaving a page never blocks (issue 8). Before a tool navigates away, open dialogs are answered
// (dismissed; a "leave this page?" prompt accepted) and the page is asked whether it still
// answers. A page that does not (a dialog raised in a loop, a script that never yields) cannot
// run its own unload, so its tab is replaced by a fresh one. A page that keeps navigating by
// itself can cut our navigation short: it is retried until ours lands, within a bound.
import type { Frame, Page, Request, Response } from 'playwright';
import type { DialogPolicy, HandledDialog } from '../collectors/index.js';
import { clip } from '../collectors/modal-state.js';
import { within } from '../actions/page-calls.js';
import { callInFrame } from '../page/cdp-evaluate.js';
import type { McpContext } from './context.js';
import { watchNavigations } from '../page/navigation-churn.js';
import type { Tab } from './tab.js';

/** While leaving: every dialog is dismissed, a beforeunload prompt accepted, and logged as such. */
export const LEAVING_POLICY: DialogPolicy = { action: 'dismiss', beforeUnload: 'accept', leaving: true };

/** How long a page gets to answer a trivial evaluation before it counts as not responding. */
const RESPONSIVE_WITHIN_MS = 1500;
/** Attempts at a navigation the page's own navigations keep cutting short. */
const MAX_ATTEMPTS = 6;
/** Navigations the page starts by itself while loading before we stop waiting for it to load. */
const CHURN_NAVIGATIONS = 8;
/** How long a committed navigation may take to show its document in the page. */
const REACH_DOCUMENT_MS = 3000;
/** After leaving a page that navigated itself, how long its late navigation may still commit. */
const SETTLE_AFTER_SELF_NAVIGATION_MS = 500;
/** How long after an aborted navigation the page's own navigation may still show up. */
const ABORT_GRACE_MS = 400;

export interface LeaveReport {
  /** The tab to navigate: the same one, or its replacement. */
  tab: Tab;
  /** Sentences for the response: what was answered or replaced on the way out. */
  notes: string[];
}

/**
 * Gets `tab` ready to be navigated away from. Never throws for the page's sake: a page that
 * cannot be asked is treated as not responding.
 */
export async function prepareToLeave(context: McpContext, tab: Tab): Promise<LeaveReport> {
  const notes: string[] = [];
  const modal = tab.collectors.modal;
  const before = modal.lastSeq();
  const settled = await modal.settleAll().catch(() => [] as HandledDialog[]);
  const responsive = await modal.withPolicy(LEAVING_POLICY, () => isResponsive(tab.page));
  const answered = [...settled, ...modal.handledSince(before).filter(d => d.by === 'leaving' && !settled.includes(d))];
  if (answered.length) notes.push(describeAnswered(answered));
  if (responsive || tab.isClosed()) return { tab, notes };
  const why = answered.length > 1 ? 'it kept raising dialogs' : 'its script did not yield within 1.5 s';
  const fresh = await context.replaceTab(tab);
  notes.push(`The page was not responding (${why}), so its tab was replaced by a fresh one at the same index; that tab's history is gone.`);
  return { tab: fresh, notes };
}

/** True when the page's main frame answers within the bound (an error counts as an answer: it is navigating, not frozen). */
export async function isResponsive(page: Page, ms = RESPONSIVE_WITHIN_MS): Promise<boolean> {
  if (page.isClosed()) return true;
  const answer = await within(callInFrame(page.mainFrame(), () => 1, undefined, { timeoutMs: ms + 500, what: 'Asking the page whether it responds' }), ms);
  return answer.ok || answer.reason === 'error';
}

function describeAnswered(answered: HandledDialog[]): string {
  const first = answered[0]!;
  const more = answered.length > 1 ? ` and ${answered.length - 1} more dialog${answered.length > 2 ? 's' : ''} the page raised` : '';
  return `To leave the page, ${first.action} its ${first.type} dialog "${clip(first.message, 120)}"${more}.`;
}

/** 'timeout': committed but no DOMContentLoaded in time; 'kept-navigating': it reloads before it loads. */
export type LoadOutcome = 'loaded' | 'timeout' | 'kept-navigating';

export interface LandingResult {
  response: Response | null;
  load: LoadOutcome;
  /** How many times the page's own navigation cut ours short. */
  cutShort: number;
}

/**
 * `page.goto(url)` that a self-navigating page cannot defeat: dialogs raised while leaving are
 * answered by LEAVING_POLICY until our document commits; a navigation cut short by the page's
 * own (reload loop, redirect timer) is retried. Throws when the page still wins after
 * MAX_ATTEMPTS, or when the navigation itself fails (bad host, refused, timeout).
 */
export async function gotoLanding(tab: Tab, url: string, timeoutMs: number): Promise<LandingResult> {
  const page = tab.page;
  const deadline = Date.now() + timeoutMs;
  let cutShort = 0;
  for (;;) {
    const before = page.url();
    // Documents the page itself committed while our navigation was pending (a reload loop).
    let ownNavigations = 0;
    let selfNavigating = cutShort > 0;
    const onNavigated = (frame: Frame) => { if (frame === page.mainFrame()) ownNavigations++; };
    const onRequest = (request: Request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame() && request.url() !== url) {
        ownNavigations++;
        selfNavigating = true;
      }
    };
    page.on('framenavigated', onNavigated);
    page.on('request', onRequest);
    let response: Response | null = null;
    try {
      const remaining = Math.max(1000, deadline - Date.now());
      response = await tab.collectors.modal.withPolicy(LEAVING_POLICY, () => page.goto(url, { waitUntil: 'commit', timeout: remaining }));
    } catch (error) {
      // Playwright can lose track of which navigation is ours and report ours as "another
      // navigation to" the very URL we asked for: it landed.
      if (landedAnyway(error, url)) {
        page.off('framenavigated', onNavigated);
        page.off('request', onRequest);
        await reachedDocument(page, url);
        const load = await loadedInTime(page, deadline);
        if (sameDocumentUrl(page.url(), url)) return { response: null, load, cutShort };
        if (++cutShort >= MAX_ATTEMPTS || Date.now() > deadline) throw keptNavigating(cutShort, url, page);
        continue;
      }
      // The page's own navigation request can be reported just after ours failed.
      if (isAborted(error) && !ownNavigations) await new Promise(resolve => setTimeout(resolve, ABORT_GRACE_MS));
      if (!isCutShort(error, ownNavigations)) throw error;
      if (++cutShort >= MAX_ATTEMPTS || Date.now() > deadline) throw keptNavigating(cutShort, url, page);
      continue;
    } finally {
      page.off('framenavigated', onNavigated);
      page.off('request', onRequest);
    }
    // Past a beforeunload prompt, goto can resolve before the new document exists: wait for it.
    await reachedDocument(page, response?.url() ?? url);
    const load = await loadedInTime(page, deadline);
    // A navigation the page started before ours can still commit after it: check where we are,
    // and when the old page was navigating itself, check again once its navigation had time to land.
    // (A page "kept navigating" counts only when it is ours: the old page's reload can still win.)
    const target = response?.url() ?? url;
    if (selfNavigating && sameDocumentUrl(page.url(), target)) await new Promise(resolve => setTimeout(resolve, SETTLE_AFTER_SELF_NAVIGATION_MS));
    if (page.isClosed() || sameDocumentUrl(page.url(), target)) return { response, load, cutShort };
    if (++cutShort >= MAX_ATTEMPTS || Date.now() > deadline) throw keptNavigating(cutShort, url, page);
  }
}

/** Waits (bounded) until the main frame's live document, asked in the page, is at `target`. */
async function reachedDocument(page: Page, target: string): Promise<void> {
  const until = Date.now() + REACH_DOCUMENT_MS;
  while (Date.now() < until && !page.isClosed()) {
    // Through the DevTools protocol: a page that replaced built-ins still answers.
    const answer = await within(callInFrame(page.mainFrame(), () => `${location.href}`, undefined, { timeoutMs: 1500, what: 'Reading the document URL' }), 1000);
    if (answer.ok && typeof answer.value === 'string' && sameDocumentUrl(answer.value, target)) return;
    await new Promise(resolve => setTimeout(resolve, 50));
  }
}

function keptNavigating(attempts: number, url: string, page: Page): Error {
  return new Error(`The page kept navigating by itself: ${attempts} attempts to go to ${url} were cut short by its own navigations; it is still at ${page.url()}. Close the tab with browser_tabs action "close", or open the URL in a new tab with browser_tabs action "new".`);
}

/** Equal up to the fragment (a page may add one on load). */
function sameDocumentUrl(a: string, b: string): boolean {
  return a.split('#')[0] === b.split('#')[0];
}

/**
 * Waits for DOMContentLoaded of the committed document; true when it did not come in time, or
 * when the page keeps starting navigations of its own (it reloads before it ever loads).
 */
async function loadedInTime(page: Page, deadline: number): Promise<LoadOutcome> {
  const churn = watchNavigations(page, CHURN_NAVIGATIONS);
  try {
    return await Promise.race([
      page.waitForLoadState('domcontentloaded', { timeout: Math.max(1000, deadline - Date.now()) })
        .then((): LoadOutcome => 'loaded', (error): LoadOutcome => { if ((error as Error)?.name === 'TimeoutError') return 'timeout'; throw error; }),
      churn.reached.then((): LoadOutcome => 'kept-navigating'),
    ]);
  } finally {
    churn.stop();
  }
}

function landedAnyway(error: unknown, url: string): boolean {
  const message = (error as Error)?.message ?? '';
  return message.includes(`interrupted by another navigation to "${url}"`);
}

function isCutShort(error: unknown, ownNavigations: number): boolean {
  const message = (error as Error)?.message ?? '';
  if (/interrupted by another navigation/.test(message)) return true;
  // ERR_ABORTED with another document committed meanwhile: the page's own navigation replaced
  // ours. (Without one it is a download or a 204: not ours to retry.)
  return isAborted(error) && ownNavigations > 0;
}

function isAborted(error: unknown): boolean {
  return /net::ERR_ABORTED/.test((error as Error)?.message ?? '');
}
