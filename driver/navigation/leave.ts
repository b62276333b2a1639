// Leaving a page never blocks (issue 8). Before navigating away, open dialogs are answered
// (dismissed; a "leave this page?" prompt accepted unless told otherwise) and the page is asked
// whether it still answers. A page that does not (a dialog raised in a loop, a script that never
// yields) cannot run its own unload: PageNotRespondingError, and the caller replaces the page
// (the library cannot: a tab is the caller's). A page that keeps navigating by itself can cut our
// navigation short: it is retried until ours lands, within a bound, and where it landed is
// checked; a page that still wins gets a KeptNavigatingError.
//
// Everything is reported as data (NavigationResult); nothing here words advice for a surface.
import type { Page, Response } from 'playwright';
import type { HandledDialog } from '../collectors/modal-state.js';
import { CancelledError, patienceUnderLoad, sleep, untilCancelled, within } from '../deadline.js';
import { callInFrame, readyForCalls } from '../page/cdp-evaluate.js';
import { locateFrame } from '../page/cdp-frames.js';
import { bareLeavingDialogs, leavingDialogs, type BeforeUnloadAnswer, type LeavingDialogs } from './dialogs.js';
import { collectorsFor } from '../collectors/attach.js';
import { KeptNavigatingError, PageNotRespondingError, StayedOnPageError } from './errors.js';
import { documentLoaded } from './loaded.js';
import { pageNavigation, sameDocumentUrl } from './page-navigation.js';

/** How long stopping a cancelled navigation may take: the browser answers it, not the page. */
const STOP_LOADING_WITHIN_MS = 2_000;
/** How long a page gets to answer a trivial evaluation before it counts as not responding. */
const RESPONSIVE_WITHIN_MS = 1500;
/**
 * How long our own setup for that evaluation may take (attaching to the page's target, learning
 * its document's context), not counted in the page's time: on a loaded machine it takes seconds
 * for a renderer still starting, and a page whose script is stuck never lets it finish either.
 */
const SETUP_WITHIN_MS = 5000;
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
/** How long after an aborted navigation the answer to its dismissed beforeunload prompt may take to be logged. */
const STAYED_GRACE_MS = 300;
/** Bound on a navigation when the caller gives none (Playwright's default navigation timeout). */
const DEFAULT_NAVIGATION_TIMEOUT_MS = 30_000;

/** A Playwright Page, or anything holding one (an AriaPage). */
export type PageLike = Page | { readonly page: Page };

export interface LeaveOptions {
  /**
   * Who answers dialogs while leaving. Default: the page's collectors' modal states when
   * collectors are attached (they answer and log them), else a listener of its own for the
   * duration.
   */
  dialogs?: LeavingDialogs;
  /** The answer to a "leave this page?" (beforeunload) prompt. Default 'accept': leaving never blocks. */
  beforeUnload?: BeforeUnloadAnswer;
  /** How long the page gets to answer before it counts as not responding. Default 1500 ms; longer on an overloaded machine (patienceUnderLoad). */
  respondWithinMs?: number;
}

export interface NavigateOptions extends LeaveOptions {
  /**
   * Bound on the navigation (every attempt, and the load). Default 30 s; a history step's commit
   * is bounded by Playwright's default navigation timeout instead.
   */
  timeoutMs?: number;
  /**
   * false: skip answering open dialogs and checking that the page responds, because
   * prepareToLeave() was called just before (e.g. by a caller that replaces unresponsive pages).
   * Default true.
   */
  prepare?: boolean;
}

/**
 * 'timeout': committed but no DOMContentLoaded in time; 'kept-navigating': it reloads before it
 * loads; 'download': the URL answered with a file, which the browser downloads while the page
 * stays where it was.
 */
export type LoadOutcome = 'loaded' | 'timeout' | 'kept-navigating' | 'download';

export interface NavigationResult {
  /** Where the page is now. */
  url: string;
  /**
   * The main-frame response of the document navigated to; null when there is none: a
   * same-document navigation, a history step with no entry to go to (see noHistoryEntry), a page
   * restored from the back/forward cache, a URL without one
   * (about:blank, data:), or a landing Playwright lost track of (it landed all the same).
   */
  response: Response | null;
  /** The response's HTTP status and status text, when there is a response. */
  status?: number;
  statusText?: string;
  load: LoadOutcome;
  /** A history step (back, forward) with no entry to go to: the page did not move. */
  noHistoryEntry?: true;
  /** How many times the page's own navigation cut ours short (and ours was retried). */
  cutShort: number;
  /** Dialogs answered to leave: the ones open before, then the ones raised on the way out. */
  dialogs: HandledDialog[];
}

export interface LeaveReport {
  /** Dialogs answered to leave (open ones, and any raised while the page was asked), oldest first. */
  dialogs: HandledDialog[];
}

function pageOf(target: PageLike): Page {
  return typeof (target as Page).mainFrame === 'function' ? target as Page : (target as { page: Page }).page;
}

/** One owner answers a page's dialogs: its collectors' modal states when attached, else a listener of our own while leaving. */
function dialogsOf(page: Page, options: LeaveOptions): LeavingDialogs {
  if (options.dialogs) return options.dialogs;
  const modal = collectorsFor(page)?.modal;
  return modal ? leavingDialogs(modal) : bareLeavingDialogs(page);
}

/**
 * Gets a page ready to be navigated away from: answers its open dialogs and checks, within
 * `respondWithinMs`, that it still answers (dialogs it raises meanwhile are answered too).
 * Throws PageNotRespondingError when it does not; a closed page counts as ready.
 */
export async function prepareToLeave(target: PageLike, options: LeaveOptions = {}): Promise<LeaveReport> {
  const page = pageOf(target);
  const dialogs = dialogsOf(page, options);
  const beforeUnload = options.beforeUnload ?? 'accept';
  const withinMs = patienceUnderLoad(options.respondWithinMs ?? RESPONSIVE_WITHIN_MS);
  const before = dialogs.mark();
  const settled = await dialogs.answerOpen(beforeUnload).catch(() => [] as HandledDialog[]);
  const responsive = await dialogs.during(beforeUnload, () => isResponsive(page, withinMs));
  const answered = [...settled, ...dialogs.answeredSince(before).filter(d => !settled.some(s => s.seq === d.seq))];
  if (responsive || page.isClosed()) return { dialogs: answered };
  throw new PageNotRespondingError(page.url(), withinMs, answered.length > 1 ? 'dialogs' : 'busy', answered);
}

/** True when the page's main frame answers within the bound (an error counts as an answer: it is navigating, not frozen). */
export async function isResponsive(target: PageLike, ms = patienceUnderLoad(RESPONSIVE_WITHIN_MS)): Promise<boolean> {
  const page = pageOf(target);
  if (page.isClosed()) return true;
  if (!await readyForCalls(page.mainFrame(), SETUP_WITHIN_MS)) return page.isClosed();
  const answer = await within(callInFrame(page.mainFrame(), () => 1, undefined, { timeoutMs: ms + 500, what: 'Asking the page whether it responds' }), ms);
  return answer.ok || answer.reason === 'error';
}

/**
 * `page.goto(url)` that neither dialogs nor a self-navigating page can defeat: prepares to leave
 * (see prepareToLeave), then navigates with dialogs answered until our document commits; a
 * navigation cut short by the page's own (reload loop, redirect timer) is retried, and where it
 * landed is checked. Throws PageNotRespondingError, KeptNavigatingError after 6 attempts,
 * StayedOnPageError when a "leave this page?" prompt was dismissed as asked, or Playwright's
 * error when the navigation itself fails (bad host, refused, timeout).
 */
export async function navigate(target: PageLike, url: string, options: NavigateOptions = {}): Promise<NavigationResult> {
  const page = pageOf(target);
  const dialogs = dialogsOf(page, options);
  const leaving = { ...options, dialogs };
  const prepared = options.prepare === false ? [] : (await prepareToLeave(page, leaving)).dialogs;
  const mark = dialogs.mark();
  const landing = await land(page, url, options.timeoutMs ?? DEFAULT_NAVIGATION_TIMEOUT_MS, dialogs, options.beforeUnload ?? 'accept');
  return result(page, landing, [...prepared, ...dialogs.answeredSince(mark)]);
}

/** Goes back one history entry, leaving the page safely (see navigate). `noHistoryEntry`: there was none to go to. */
export function goBack(target: PageLike, options: NavigateOptions = {}): Promise<NavigationResult> {
  return historyStep(pageOf(target), 'back', options);
}

/** Goes forward one history entry, leaving the page safely (see navigate). */
export function goForward(target: PageLike, options: NavigateOptions = {}): Promise<NavigationResult> {
  return historyStep(pageOf(target), 'forward', options);
}

/** Reloads the page, leaving the current document safely (see navigate). */
export function reload(target: PageLike, options: NavigateOptions = {}): Promise<NavigationResult> {
  return historyStep(pageOf(target), 'reload', options);
}

/**
 * Steps through history up to the commit, then waits for the document's load through
 * documentLoaded: a page the browser restores from its back/forward cache fires no load event,
 * and Playwright's own wait (waitUntil 'domcontentloaded') would run out its timeout there.
 */
async function historyStep(page: Page, step: 'back' | 'forward' | 'reload', options: NavigateOptions): Promise<NavigationResult> {
  const dialogs = dialogsOf(page, options);
  const beforeUnload = options.beforeUnload ?? 'accept';
  const prepared = options.prepare === false ? [] : (await prepareToLeave(page, { ...options, dialogs })).dialogs;
  const mark = dialogs.mark();
  const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_NAVIGATION_TIMEOUT_MS);
  const go = { waitUntil: 'commit' as const, ...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}) };
  // Playwright answers null both for a step with no entry and for one that committed without a
  // response (restored from the cache, same-document): only the commit tells them apart.
  const commits = pageNavigation(page).watchCommits(1);
  const landing = await dialogs.during(beforeUnload, async (): Promise<Landing & { moved: boolean }> => {
    const response = await untilCancelled(step === 'back' ? page.goBack(go) : step === 'forward' ? page.goForward(go) : page.reload(go));
    const moved = response !== null || commits.count() > 0;
    const load = moved ? await loadedInTime(page, deadline) : 'loaded';
    return { response, load, cutShort: 0, moved };
  }).catch(async error => { throw error instanceof CancelledError ? await stoppedLoading(page, error) : await stayedOrError(error, page, dialogs, mark, beforeUnload); })
    .finally(() => commits.stop());
  const done = result(page, landing, [...prepared, ...dialogs.answeredSince(mark)]);
  return landing.moved ? done : { ...done, noHistoryEntry: true };
}

interface Landing {
  response: Response | null;
  load: LoadOutcome;
  cutShort: number;
}

function result(page: Page, landing: Landing, dialogs: HandledDialog[]): NavigationResult {
  const { response } = landing;
  return {
    url: page.url(),
    response,
    ...(response ? { status: response.status(), statusText: response.statusText() } : {}),
    load: landing.load,
    cutShort: landing.cutShort,
    dialogs,
  };
}

/**
 * Navigates to `url` until our document is the one shown: dialogs raised while leaving are
 * answered until our document commits; a navigation cut short by the page's own is retried.
 */
async function land(page: Page, url: string, timeoutMs: number, dialogs: LeavingDialogs, beforeUnload: BeforeUnloadAnswer): Promise<Landing> {
  const navigation = pageNavigation(page);
  const deadline = Date.now() + timeoutMs;
  const keptNavigating = (attempts: number) => new KeptNavigatingError(page.url(), attempts, url);
  let cutShort = 0;
  for (;;) {
    // Documents the page itself committed while our navigation was pending (a reload loop).
    let ownNavigations = 0;
    let selfNavigating = cutShort > 0;
    const offCommits = navigation.onMainFrameCommit(() => { ownNavigations++; });
    const offRequests = navigation.onNavigationRequest({
      started: request => {
        if (request.url() === url) return;
        ownNavigations++;
        selfNavigating = true;
      },
    });
    const stopWatching = () => { offCommits(); offRequests(); };
    const attemptMark = dialogs.mark();
    let response: Response | null = null;
    try {
      const remaining = Math.max(1000, deadline - Date.now());
      response = await dialogs.during(beforeUnload, () => untilCancelled(page.goto(url, { waitUntil: 'commit', timeout: remaining })));
    } catch (error) {
      if (error instanceof CancelledError) throw await stoppedLoading(page, error);
      // A URL that answers with a file is a download, not a failed navigation: nothing to retry.
      if (isDownload(error)) return { response: null, load: 'download', cutShort };
      // A javascript: URL ran in the current document (however Playwright's wait for a commit that
      // never comes ended, e.g. behind the dialog it opened): running it again would repeat it.
      if (runsInPage(url)) return { response: null, load: 'loaded', cutShort };
      // Playwright can lose track of which navigation is ours and report ours as "another
      // navigation to" the very URL we asked for: it landed.
      if (landedAnyway(error, url)) {
        stopWatching();
        await reachedDocument(page, url);
        const load = await loadedInTime(page, deadline);
        if (sameDocumentUrl(page.url(), url)) return { response: null, load, cutShort };
        if (++cutShort >= MAX_ATTEMPTS || Date.now() > deadline) throw keptNavigating(cutShort);
        continue;
      }
      const stayed = await stayedOrError(error, page, dialogs, attemptMark, beforeUnload, url);
      if (stayed !== error) throw stayed;
      // The page's own navigation request can be reported just after ours failed.
      if (isAborted(error) && !ownNavigations) await sleep(ABORT_GRACE_MS);
      if (!isCutShort(error, ownNavigations)) throw error;
      if (++cutShort >= MAX_ATTEMPTS || Date.now() > deadline) throw keptNavigating(cutShort);
      continue;
    } finally {
      stopWatching();
    }
    if (runsInPage(url)) return { response, load: 'loaded', cutShort };
    // Past a beforeunload prompt, goto can resolve before the new document exists: wait for it.
    // (Without one, Playwright's commit is the new document's: asking it would cost a call.)
    if (dialogs.answeredSince(attemptMark).length) await reachedDocument(page, response?.url() ?? url);
    const load = await loadedInTime(page, deadline);
    // A navigation the page started before ours can still commit after it: check where we are,
    // and when the old page was navigating itself, check again once its navigation had time to land.
    // (A page "kept navigating" counts only when it is ours: the old page's reload can still win.)
    const target = response?.url() ?? url;
    if (selfNavigating && sameDocumentUrl(page.url(), target)) await sleep(SETTLE_AFTER_SELF_NAVIGATION_MS);
    if (page.isClosed() || sameDocumentUrl(page.url(), target)) return { response, load, cutShort };
    if (++cutShort >= MAX_ATTEMPTS || Date.now() > deadline) throw keptNavigating(cutShort);
  }
}

/**
 * A navigation whose call its client cancelled is stopped, as the browser's Escape stops one. Left
 * running, one that has no answer yet holds the page: until it commits or fails, the browser holds
 * back every call into the page it is leaving (a snapshot would wait out its whole limit).
 * Resolves to `cancelled`, for the caller to throw.
 */
async function stoppedLoading(page: Page, cancelled: CancelledError): Promise<CancelledError> {
  const where = await locateFrame(page.mainFrame()).catch(() => undefined);
  if (where) await within(where.target.send('Page.stopLoading'), STOP_LOADING_WITHIN_MS);
  return cancelled;
}

/** A javascript: URL runs in the current document and never becomes its URL: it is "landed" once it ran. */
function runsInPage(url: string): boolean {
  return /^\s*javascript:/i.test(url);
}

/** Waits (bounded) until the main frame's live document, asked in the page, is at `target`. */
async function reachedDocument(page: Page, target: string): Promise<void> {
  const until = Date.now() + REACH_DOCUMENT_MS;
  while (Date.now() < until && !page.isClosed()) {
    // Through the DevTools protocol: a page that replaced built-ins still answers.
    const answer = await within(callInFrame(page.mainFrame(), () => `${location.href}`, undefined, { timeoutMs: 1500, what: 'Reading the document URL' }), 1000);
    if (answer.ok && typeof answer.value === 'string' && sameDocumentUrl(answer.value, target)) return;
    await sleep(50);
  }
}

/** Playwright's goto when the response is an attachment: the download goes on, the page does not change. */
function isDownload(error: unknown): boolean {
  return /Download is starting/.test((error as Error)?.message ?? '');
}

/**
 * Waits for DOMContentLoaded of the committed document (see documentLoaded): 'timeout' when it
 * did not come in time, 'kept-navigating' when the page keeps starting navigations of its own
 * (it reloads before it ever loads).
 */
async function loadedInTime(page: Page, deadline: number): Promise<LoadOutcome> {
  const churn = pageNavigation(page).watchCommits(CHURN_NAVIGATIONS);
  try {
    return await untilCancelled(Promise.race([
      documentLoaded(page.mainFrame(), Math.max(1000, deadline - Date.now())),
      churn.reached.then((): LoadOutcome => 'kept-navigating'),
    ]));
  } finally {
    churn.stop();
  }
}

/**
 * A navigation aborted because the page's "leave this page?" prompt was dismissed as asked
 * (beforeUnload 'dismiss'): StayedOnPageError; otherwise `error`. The answer is logged once it
 * went through, which can be just after the abort arrives: looked for a little while.
 */
async function stayedOrError(error: unknown, page: Page, dialogs: LeavingDialogs, mark: number, beforeUnload: BeforeUnloadAnswer, target?: string): Promise<unknown> {
  if (beforeUnload !== 'dismiss' || !isAborted(error)) return error;
  const dismissedPrompt = () => dialogs.answeredSince(mark).some(d => d.type === 'beforeunload' && d.action === 'dismissed');
  for (let waited = 0; !dismissedPrompt() && waited < STAYED_GRACE_MS; waited += 20) await sleep(20);
  return dismissedPrompt() ? new StayedOnPageError(page.url(), target) : error;
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
