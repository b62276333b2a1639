// The one wait every action goes through:
//   before: subscribe to dialogs/navigation/popups, mark activity in the page;
//   action: run it (errors are rethrown after cleanup);
//   after:  dialog -> return at once; navigation -> wait for it (bounded) and settle the new page;
//           otherwise settle in-page (quiet window + the action's own timers/requests/aria-busy,
//           with background churn recognised) -> typed WaitReport.
// Every in-page call is raced against its own timeout: a dialog pauses page scripts, and nothing
// may hang on it.
import type { Frame, Page } from 'playwright';
import type { CoveringElement, SettleOptions, SettleReport } from '../../injected/types.js';
import { keepSettledSnapshot, type SettleSnapshotRequest } from '../page/settled-snapshot.js';
import { PageEvents } from './page-events.js';
import type { DialogAnswer } from '../collectors/modal-state.js';
import { documentId, markActivity, settleIn, type MarkResult } from './page-calls.js';
import { delay } from '../deadline.js';
import { documentLoaded } from '../navigation/loaded.js';
import type { WaitReport } from './wait-report.js';

export type { WaitReport, DialogInfo } from './wait-report.js';

export interface WaitOptions {
  /** Multiply page-speed-bound timings (quiet window, tails) by this, e.g. 4 under CPU throttling. */
  cpuSlowdown?: number;
  /** Multiply network-bound timings (navigation, request waits) by this. */
  networkSlowdown?: number;
  /** Quiet window in ms before slow-down scaling; default 100. */
  quietMs?: number;
  /** Cap on the settle in ms before slow-down scaling; default 3000. */
  timeoutMs?: number;
  /** Bound on a navigation's commit + DOMContentLoaded in ms before scaling; default 10000. */
  navigationTimeoutMs?: number;
  /** What to do with a dialog the action opens; default 'ask' (report it, its owner answers it). */
  dialogs?: DialogAnswer;
  /** Frame the action happens in (activity is tracked there); default the main frame. */
  frame?: Frame;
  /**
   * The action navigates away from the initial blank document of a new tab, in which nothing ran:
   * no activity is marked or awaited there (a call into a renderer still starting can take
   * seconds on a loaded machine), only the navigation and the new document.
   */
  fromBlank?: boolean;
  /**
   * The snapshot the answer will show (AriaPage.settleSnapshot): the settle of its frame reads it
   * in the same call, and AriaPage.snapshotWithBasis(options, report) takes it from the report.
   */
  snapshot?: SettleSnapshotRequest;
}

interface Timings {
  quietMs: number; tailMs: number; steadyMs: number; capMs: number;
  navStartMs: number; navLateMs: number; navTimeoutMs: number; callMs: number;
}

function timings(options: WaitOptions): Timings {
  const cpu = Math.max(1, options.cpuSlowdown ?? 1);
  const net = Math.max(1, options.networkSlowdown ?? 1);
  const quietMs = (options.quietMs ?? 100) * cpu;
  return {
    quietMs,
    // One animation frame plus slack: what a framework renders after the action's timer fired.
    tailMs: Math.min(quietMs, 30 * cpu),
    steadyMs: 1500 * cpu,
    capMs: (options.timeoutMs ?? 3000) * Math.max(cpu, net),
    navStartMs: 100 * Math.max(cpu, net),
    navLateMs: 1000 * Math.max(cpu, net),
    navTimeoutMs: (options.navigationTimeoutMs ?? 10_000) * net,
    callMs: 1000 * cpu,   // a plain in-page call (mark, docId) that takes longer is stuck
  };
}

function busyList(report: SettleReport): string[] | undefined {
  const p = report.pending;
  if (!p) return undefined;
  const out: string[] = [];
  if (p.timers) out.push(`${p.timers} timer${p.timers > 1 ? 's' : ''}`);
  if (p.requests) out.push(`${p.requests} request${p.requests > 1 ? 's' : ''}`);
  if (p.callbacks) out.push(`${p.callbacks} queued callback${p.callbacks > 1 ? 's' : ''}`);
  if (p.animations) out.push(`${p.animations} animation${p.animations > 1 ? 's' : ''}`);
  for (const region of p.busy) out.push(`${region} (aria-busy)`);
  return out.length ? out : undefined;
}

/** The settle options for `frame`, with the snapshot the answer wants when it is that frame's. */
function askingSnapshot(frame: Frame, options: SettleOptions, request: SettleSnapshotRequest | undefined): SettleOptions {
  return request?.frame === frame ? { ...options, snapshot: request.options } : options;
}

function fromSettle(report: WaitReport, settle: SettleReport | null | undefined, request?: SettleSnapshotRequest): void {
  if (!settle) { report.outcome = 'unavailable'; return; }
  if (settle.snapshot && request) keepSettledSnapshot(report, { ...request, result: settle.snapshot });
  delete settle.snapshot;
  // 'navigation' only reaches here when the navigation then did not happen (204, cancelled).
  report.outcome = settle.reason === 'navigation' ? 'quiet' : settle.reason ?? (settle.settled ? 'quiet' : 'timeout');
  report.settledAfterMs = settle.elapsedMs;
  report.mutations = settle.mutations;
  if (settle.baselineRate !== undefined) report.baselineRate = settle.baselineRate;
  if (settle.fileChooser) report.fileChooserOpening = true;
  if (settle.rate !== undefined) report.rate = settle.rate;
  const busy = busyList(settle);
  if (busy) report.stillBusy = busy;
}

/** Waits around ONE action. Create a new instance per action. */
export class ActionWaiter {
  private used = false;
  private readonly t: Timings;
  /** Where the action's activity is tracked and its settle runs. */
  readonly frame: Frame;
  /**
   * After run(), with `readsPointerGuard`: what covered the point of a click the pointer guard
   * stopped before the page saw it (the click did not happen); undefined when it was not stopped.
   */
  clickStopped?: CoveringElement;

  /**
   * `readsPointerGuard`: the action is a click dispatched at a point with the pointer guard armed
   * (actions/run.ts); the settle reads what the guard saw, in its own call into the page.
   */
  constructor(private readonly page: Page, private readonly options: WaitOptions = {}, private readonly readsPointerGuard = false) {
    this.t = timings(options);
    this.frame = options.frame ?? page.mainFrame();
  }

  /**
   * Run `action` and wait for its effects. The action's own error is rethrown unchanged. `opened`:
   * the activity mark the action's ref check already opened in the waiter's frame.
   */
  async run(action: () => Promise<unknown>, opened?: MarkResult): Promise<WaitReport> {
    if (this.used) throw new Error('ariaref: an ActionWaiter waits around one action only; create a new one for the next action.');
    this.used = true;
    const started = Date.now();
    const events = new PageEvents(this.page, this.page.mainFrame(), this.options.dialogs ?? 'ask');
    try {
      // Awaited before acting: the mark travels on our own DevTools session (it may even be set up
      // by this call), which gives no ordering against the commands Playwright sends for the
      // action. A timer the action starts before the mark opens would go unwaited.
      const mark = this.options.fromBlank ? undefined : opened ?? await markActivity(this.frame, this.t.callMs);
      const pending = action();
      pending.catch(() => {});
      const first = await Promise.race([pending.then(() => 'done' as const), events.dialogOpened.then(() => 'dialog' as const)]);
      if (first === 'dialog') pending.catch(() => {}); // input dispatch may stay blocked until the dialog closes
      const report: WaitReport = { elapsedMs: 0, outcome: 'dialog' };
      if (first !== 'dialog') await this.afterAction(events, mark, report);
      if (report.outcome !== 'dialog') await events.popupsArrived(this.t.navTimeoutMs);
      return this.finish(report, events, started);
    } finally {
      events.dispose();
    }
  }

  private async afterAction(events: PageEvents, mark: MarkResult | undefined, report: WaitReport): Promise<void> {
    const actionEnd = Date.now();
    let oldSettle: ReturnType<typeof settleIn> | undefined;
    const settleOld = () => oldSettle ??= this.settleIn(this.frame, { mark: mark?.mark, ...(this.readsPointerGuard ? { pointerGuard: true } : {}) }).then(settled => {
      const stopped = settled.ok ? settled.value?.pointerGuard?.blocked : undefined;
      if (stopped) this.clickStopped = stopped;
      return settled;
    });
    if (this.options.fromBlank && (events.navigationRequest || events.committedUrl !== undefined)) return this.followNavigation(events, mark, settleOld, report);
    // A document request already on its way (a goto, a link followed at once): the old document's
    // settle would only run in the new one; its own settle follows the navigation.
    if (events.navigationRequest) return this.followNavigation(events, mark, settleOld, report);
    const settling = settleOld();
    let winner = await Promise.race([
      settling.then(() => 'settled' as const),
      events.navigationStarted.then(() => 'navigation' as const),
      events.dialogOpened.then(() => 'dialog' as const),
    ]);
    if (winner === 'dialog') { report.outcome = 'dialog'; return; }
    if (winner === 'settled') {
      // A quick settle must still leave a navigation its start window, unless the page itself
      // watched for one (the Navigation API sees every navigation the main frame starts; a
      // child frame's action may navigate the top one).
      const early = await settling;
      const watched = early.ok && early.value?.watchedNavigation && this.frame === this.page.mainFrame();
      const left = watched ? 0 : this.t.navStartMs - (Date.now() - actionEnd);
      if (left > 0 && !events.navigationRequest) {
        const nap = delay(left);
        await Promise.race([nap.promise, events.navigationStarted, events.dialogOpened]);
        nap.cancel();
      }
      if (events.dialog) { report.outcome = 'dialog'; return; }
      if (events.navigationRequest) winner = 'navigation';
    }
    const settled = winner === 'settled' ? await settling : undefined;
    const replaced = settled && !settled.ok && events.committedUrl !== undefined; // history/bfcache swap without a request
    const leaving = settled?.ok ? settled.value?.navigating : undefined;       // the page said it is navigating away
    if (leaving && !events.navigationRequest) {
      const nap = delay(this.t.navLateMs);
      await Promise.race([nap.promise, events.navigationStarted, events.dialogOpened]);
      nap.cancel();
      if (events.dialog) { report.outcome = 'dialog'; return; }
      if (!events.navigationRequest && events.committedUrl === undefined) {
        report.navigatedTo = leaving; report.navigationPending = true; report.outcome = 'timeout';
        return;
      }
    }
    if (winner === 'navigation' || replaced || leaving) return this.followNavigation(events, mark, settleOld, report);
    const afterCode = settled?.ok && settled.value?.reason !== 'timeout' ? await this.afterCodeLoads(events) : undefined;
    if (afterCode === 'dialog') { report.outcome = 'dialog'; return; }
    const final = afterCode ?? settled;
    fromSettle(report, final?.ok ? final.value : null, this.options.snapshot);
    if (events.committedUrl !== undefined) { report.navigatedTo = this.page.url(); report.sameDocument = true; }
  }

  private async followNavigation(
    events: PageEvents, mark: MarkResult | undefined, oldSettle: () => ReturnType<typeof settleIn>, report: WaitReport,
  ): Promise<void> {
    const outcome = await events.waitForCommit(this.t.navTimeoutMs);
    if (outcome === 'dialog') { report.outcome = 'dialog'; return; }
    if (outcome === 'aborted') {
      // 204, download or cancelled: the old document stays; its settle is still valid.
      const old = await oldSettle();
      // It may have stopped early because the document said it was leaving: settle it afresh.
      const again = old.ok && old.value?.reason === 'navigation'
        ? await raceDialog(events, this.settleIn(this.frame))
        : old;
      if (again === 'dialog') { report.outcome = 'dialog'; return; }
      fromSettle(report, again.ok ? again.value : null, this.options.snapshot);
      return;
    }
    report.navigatedTo = this.page.url();
    if (outcome === 'timeout') { report.navigationPending = true; report.outcome = 'timeout'; return; }
    const main = this.page.mainFrame();
    const loaded = await raceDialog(events, documentLoaded(main, this.t.navTimeoutMs).then(load => load === 'loaded', () => false));
    if (loaded === 'dialog') { report.outcome = 'dialog'; return; }
    if (!loaded) report.navigationPending = true;
    const fresh = await raceDialog(events, this.settleIn(main, { loadWork: true }));
    if (fresh === 'dialog') { report.outcome = 'dialog'; return; }
    // The settle says which document it ran in; only a failed one leaves us asking.
    const docId = (fresh.ok ? fresh.value?.docId : undefined) ?? await documentId(main, this.t.callMs);
    report.sameDocument = !!mark && docId === mark.docId;
    fromSettle(report, fresh.ok ? fresh.value : null, this.options.snapshot);
    report.navigatedTo = this.page.url();
  }

  /**
   * When the page is still loading code it asked for during the action (events.codeLoading), waits
   * for it (up to the cap) and settles again, without a mark: what the page renders from it is the
   * action's answer. Undefined when no code was loading.
   */
  private async afterCodeLoads(events: PageEvents): Promise<Awaited<ReturnType<typeof settleIn>> | 'dialog' | undefined> {
    if (!events.codeLoading) return undefined;
    await events.codeArrived(this.t.capMs);
    if (events.dialog) return 'dialog';
    return raceDialog(events, this.settleIn(this.frame));
  }

  /** The runtime's settle in `frame` with this wait's timings, reading the answer's snapshot when it is that frame's. */
  private settleIn(frame: Frame, extra: Pick<SettleOptions, 'mark' | 'loadWork' | 'pointerGuard'> = {}): ReturnType<typeof settleIn> {
    const t = this.t;
    return settleIn(frame, askingSnapshot(frame, { quietMs: t.quietMs, timeoutMs: t.capMs, tailMs: t.tailMs, steadyMs: t.steadyMs, ...extra }, this.options.snapshot), t.callMs);
  }

  private finish(report: WaitReport, events: PageEvents, started: number): WaitReport {
    if (events.dialog) { report.dialog = events.dialog; report.outcome = 'dialog'; }
    if (events.popups.length) report.popups = events.popups.map(popup => popup.url());
    if (events.downloads.length) report.downloads = [...events.downloads];
    report.elapsedMs = Date.now() - started;
    return report;
  }
}

async function raceDialog<T>(events: PageEvents, work: Promise<T>): Promise<T | 'dialog'> {
  work.catch(() => {});
  return Promise.race([work, events.dialogOpened.then(() => 'dialog' as const)]);
}

/** Run one action and wait for its effects (see ActionWaiter). */
export function runAndWait(page: Page, action: () => Promise<unknown>, options: WaitOptions = {}): Promise<WaitReport> {
  return new ActionWaiter(page, options).run(action);
}

/** Settle without an action (AriaPage.settle()): quiet window, churn recognition, cap. */
export async function waitForSettle(page: Page, options: WaitOptions = {}): Promise<WaitReport> {
  const t = timings(options);
  const started = Date.now();
  const events = new PageEvents(page, page.mainFrame(), options.dialogs ?? 'ask');
  try {
    const frame = options.frame ?? page.mainFrame();
    const result = await raceDialog(events, settleIn(frame, askingSnapshot(frame, { quietMs: t.quietMs, timeoutMs: t.capMs, tailMs: t.tailMs, steadyMs: t.steadyMs }, options.snapshot), t.callMs));
    const report: WaitReport = { elapsedMs: 0, outcome: 'dialog' };
    if (result !== 'dialog') fromSettle(report, result.ok ? result.value : null, options.snapshot);
    if (events.dialog) report.dialog = events.dialog;
    report.elapsedMs = Date.now() - started;
    return report;
  } finally {
    events.dispose();
  }
}
