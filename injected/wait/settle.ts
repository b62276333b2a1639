// Wait until the page has stopped changing after an action: no DOM mutation (shadow roots
// included) for a quiet window, and none of the work the action started still running.
// Two things keep this fast where a fixed sleep is not:
//  - tracked work (activity.ts) says exactly what to wait for, so once it is done a short
//    tail window is enough, and while it runs the quiet window cannot fire early;
//  - a page that churns on its own (tickers, clocks) is recognised by comparing the mutation rate
//    with the one before the action, instead of burning the whole cap on every action.
import type { PendingActivity, SettleOptions, SettleReport } from '../types';
import { listen, nativeClearTimeout, nativeSetTimeout, now } from './timing';
import { batchesBetween, installMutationTracking, lastMutationAt, onMutation, rescanShadowRoots } from './mutations';
import { BASELINE_MS, baselineFor, closeActionWindow, lastActivityEndAt, lastActivityEndKind, onActivityEnd, pendingActivity } from './activity';

/** Mutation batches in the second before the action from which a page counts as churning. */
const CHURN_MIN_BATCHES = 4;
/** ...provided it was still changing this close to the action. */
const CHURN_RECENT_MS = 400;
/** While tracked work runs, re-check this often (aria-busy has no completion event). */
const BUSY_POLL_MS = 50;

type Baseline = { batches: number; lastMutation: number; at: number };

function isChurning(base: Baseline): boolean {
  return base.batches >= CHURN_MIN_BATCHES && base.at - base.lastMutation <= CHURN_RECENT_MS;
}

/** How long to watch the rate after the action's work before calling it background churn. */
function churnWindowMs(base: Baseline, quietMs: number): number {
  const interval = BASELINE_MS / Math.max(1, base.batches);
  return Math.min(600, Math.max(150, 3 * interval, quietMs));
}

/**
 * Call `onLeaving(url)` when the document starts a navigation that does not stay in it. The
 * Navigation API's `navigate` event fires for link clicks, form posts and location changes, but
 * also for pushState and intercepted SPA routes; those update location.href at once, so one task
 * later a still-different URL means the document is on its way out. Without this, a navigation
 * fired by the action's last timer could start just after we reported "settled".
 */
function watchNavigation(onLeaving: (url: string) => void): () => void {
  const navigation = (globalThis as any).navigation;
  if (!navigation || typeof location === 'undefined') return () => {};
  return listen(navigation, 'navigate', (event: any) => {
    const url = event?.destination?.url;
    if (typeof url !== 'string' || event.hashChange || event.downloadRequest) return;
    nativeSetTimeout(() => { if (location.href !== url) onLeaving(url); }, 0);
  });
}

function noPending(p: PendingActivity): boolean {
  return p.timers === 0 && p.requests === 0 && p.busy.length === 0;
}

export function settle(options: SettleOptions = {}): Promise<SettleReport> {
  installMutationTracking();
  const quietMs = Math.max(0, options.quietMs ?? 100);
  const timeoutMs = Math.max(0, options.timeoutMs ?? 3000);
  const tailMs = Math.max(0, options.tailMs ?? Math.min(quietMs, 30));
  const steadyMs = Math.max(quietMs, options.steadyMs ?? 1500);
  const mark = options.mark;
  if (mark !== undefined) closeActionWindow(mark);
  else rescanShadowRoots(); // markActivity() already did it; without a mark, pick up late shadow roots now
  const start = now();
  const base: Baseline = baselineFor(mark) ?? { batches: batchesBetween(start - BASELINE_MS, start), lastMutation: lastMutationAt(), at: start };
  const churning = isChurning(base);
  const churnWindow = churnWindowMs(base, quietMs);

  return new Promise<SettleReport>(resolve => {
    let mutations = 0;
    let batches = 0;
    let lastChange = start;   // the timer is armed at once: a page that never mutates settles after quietMs
    let sawTracked = lastActivityEndAt() > base.at && mark !== undefined;
    let timer: number | undefined;
    let done = false;

    const stopMutations = onMutation((records, at) => { mutations += records; batches++; lastChange = at; });
    const stopActivity = mark === undefined ? () => {} : onActivityEnd(() => { sawTracked = true; schedule(0); });
    let navigating: string | undefined;
    const stopNavigation = watchNavigation(url => { navigating = url; finish('navigation'); });

    function finish(reason: NonNullable<SettleReport['reason']>, pending?: PendingActivity): void {
      if (done) return;
      done = true;
      nativeClearTimeout(timer);
      stopMutations();
      stopActivity();
      stopNavigation();
      const elapsedMs = Math.round(now() - start);
      const report: SettleReport = {
        settled: reason === 'quiet', elapsedMs, mutations, reason,
        baselineRate: Math.round(base.batches * 1000 / BASELINE_MS),
        rate: Math.round(batches * 1000 / Math.max(1, elapsedMs)),
      };
      if (pending && !noPending(pending)) report.pending = pending;
      if (navigating) report.navigating = navigating;
      resolve(report);
    }

    function schedule(delay: number): void {
      nativeClearTimeout(timer);
      timer = nativeSetTimeout(check, Math.max(0, Math.ceil(delay)));
    }

    function check(): void {
      if (done) return;
      try {
        const t = now();
        const pending = mark === undefined ? { timers: 0, requests: 0, busy: [] } : pendingActivity(mark);
        const idle = noPending(pending);
        if (!idle) sawTracked = true;
        const activityEnd = lastActivityEndAt();
        const since = Math.max(start, activityEnd);           // when the action's own work ended
        const changedAt = Math.max(lastChange, activityEnd > start ? activityEnd : start);
        // After a timer the page's own update already ran; after a request it still reads the body.
        // The tail never ends the wait before a full quiet window since the action: work the
        // action did not announce (an image load, a message) gets at least that long.
        const needed = sawTracked && lastActivityEndKind() === 'timer' ? tailMs : quietMs;
        const quietAt = Math.max(changedAt + needed, start + quietMs);
        const deadline = start + timeoutMs;
        if (idle && t >= quietAt) return finish('quiet');
        if (idle && churning && t - since >= churnWindow && withinBaseline(t)) return finish('churn');
        if (idle && !churning && t - since >= steadyMs) return finish('churn');
        if (t >= deadline) return finish('timeout', pending);
        let next = idle ? quietAt : t + BUSY_POLL_MS;
        if (idle) next = Math.min(next, churning ? Math.max(since + churnWindow, t + BUSY_POLL_MS) : since + steadyMs);
        schedule(Math.min(next, deadline) - t);
      } catch {
        finish('timeout');
      }
    }

    // The rate over the last churn window is no higher than before the action (with slack for jitter).
    function withinBaseline(t: number): boolean {
      const expected = base.batches * churnWindow / BASELINE_MS;
      return batchesBetween(t - churnWindow, t) <= expected * 2 + 1;
    }

    // With nothing of the action's still running or already ended, no answer can come before the
    // quiet window closes: the first check waits for it (on a loaded machine each wake-up of the
    // page costs a scheduling delay). Tracked work that ends wakes the check itself (onActivityEnd).
    const quietStart = !sawTracked && (mark === undefined || noPending(pendingActivity(mark)));
    schedule(Math.min(quietStart ? quietMs : Math.min(quietMs, tailMs), timeoutMs));
  });
}
