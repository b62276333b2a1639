// Wait until the page has stopped changing after an action: none of the work the action started
// still running, and no DOM mutation (shadow roots included) for a window after the last change.
// Three things keep this fast where a fixed sleep is not:
//  - tracked work (activity.ts: timers, frames, idle callbacks, messages, requests, replies to
//    WebSocket and worker messages; here: CSS animations) says exactly what to wait for, so the
//    page's reaction to the action is awaited as long as it takes and no longer;
//  - a page that does nothing more after the action is done after a short tail (one frame and
//    slack: observers and frame callbacks run there), not a whole quiet window; a change that no
//    tracked work explains earns the full quiet window after it;
//  - a page that churns on its own (tickers, clocks) is recognised by comparing the mutation rate
//    with the one before the action, instead of burning the whole cap on every action.
import type { PendingActivity, SettleOptions, SettleReport } from '../types';
import { documentAnimations, nativeClearTimeout, nativeSetTimeout, now } from './timing';
import { batchesBetween, installMutationTracking, lastMutationAt, onMutation, rescanShadowRoots } from './mutations';
import {
  BASELINE_MS, LOAD_MARK, baselineFor, closeActionWindow, fileInputClickedSince, lastActivityEndAt, lastActivityEndKind, leftSince, markStartedAt,
  onActivityEnd, onLeaving, pendingActivity, navigationPlannedSince, watchLeaving, watchesNavigation,
} from './activity';
import { withPristineBuiltins } from '../pristine';

/** Mutation batches in the second before the action from which a page counts as churning. */
const CHURN_MIN_BATCHES = 4;
/** ...provided it was still changing this close to the action. */
const CHURN_RECENT_MS = 400;
/** While tracked work runs, re-check this often (aria-busy has no completion event). */
const BUSY_POLL_MS = 50;
/** An animation ending later than this is a progress bar or a slow reveal, not the action's answer. */
const MAX_ANIMATION_MS = 1200;

type Baseline = { batches: number; lastMutation: number; at: number };

function isChurning(base: Baseline): boolean {
  return base.batches >= CHURN_MIN_BATCHES && base.at - base.lastMutation <= CHURN_RECENT_MS;
}

/** How long to watch the rate after the action's work before calling it background churn. */
function churnWindowMs(base: Baseline, quietMs: number): number {
  const interval = BASELINE_MS / Math.max(1, base.batches);
  return Math.min(600, Math.max(150, 3 * interval, quietMs));
}

/** CSS animations and transitions that started after `since` and end within MAX_ANIMATION_MS: how many, and the soonest end. */
function runningAnimations(since: number): { count: number; endsInMs: number } {
  let count = 0;
  let endsInMs = Infinity;
  for (const animation of documentAnimations()) {
    try {
      if (animation.playState !== 'running') continue;
      const started = animation.startTime;   // null until its first frame: it started after the mark
      if (typeof started === 'number' && started < since) continue;
      const end = animation.effect?.getComputedTiming().endTime;
      const current = animation.currentTime ?? 0;
      if (typeof end !== 'number' || typeof current !== 'number' || !Number.isFinite(end)) continue; // infinite: a spinner
      const leftMs = (end - current) / Math.abs(animation.playbackRate || 1);
      if (leftMs <= 0 || leftMs > MAX_ANIMATION_MS) continue;
      count++;
      endsInMs = Math.min(endsInMs, leftMs);
    } catch {
      // an animation the page broke: not ours to wait for
    }
  }
  return { count, endsInMs };
}

function noPending(p: PendingActivity): boolean {
  return p.timers === 0 && p.requests === 0 && p.callbacks === 0 && !p.animations && p.busy.length === 0;
}

const NOTHING: PendingActivity = { timers: 0, requests: 0, callbacks: 0, busy: [] };

/**
 * Settles the page after an action; the report names the document (`docId`). Call it with the
 * page's built-ins put back (pristine.ts); its later checks put them back themselves, since they
 * run from timers. `complete` adds to the report just before it is answered, in the same task
 * (no `.then`: a page may have replaced Promise.prototype.then).
 */
export function settle(options: SettleOptions = {}, docId?: string, complete?: (report: SettleReport) => void): Promise<SettleReport> {
  installMutationTracking();
  watchLeaving();
  const quietMs = Math.max(0, options.quietMs ?? 100);
  const timeoutMs = Math.max(0, options.timeoutMs ?? 3000);
  const tailMs = Math.max(0, options.tailMs ?? Math.min(quietMs, 30));
  const steadyMs = Math.max(quietMs, options.steadyMs ?? 1500);
  // The load window stands in for an action's mark after a navigation (activity.ts).
  const mark = options.mark ?? (options.loadWork ? LOAD_MARK : undefined);
  if (mark !== undefined) closeActionWindow(mark);
  if (options.mark === undefined) rescanShadowRoots(); // markActivity() did it for an action; pick up late shadow roots now
  const start = now();
  const base: Baseline = baselineFor(options.mark) ?? { batches: batchesBetween(start - BASELINE_MS, start), lastMutation: lastMutationAt(), at: start };
  const churning = isChurning(base);
  const churnWindow = churnWindowMs(base, quietMs);
  const animationsSince = mark === undefined ? start : markStartedAt(mark);
  // The action began at its mark: a navigation, form submission or file chooser it started counts from there.
  const actionMarkedAt = options.mark === undefined ? 0 : markStartedAt(options.mark);
  const actionStart = actionMarkedAt || start;

  return new Promise<SettleReport>(resolve => {
    let mutations = 0;
    let batches = 0;
    let lastChange = start;   // the timer is armed at once: a page that never mutates settles after the tail
    let sawTracked = lastActivityEndAt() > base.at && mark !== undefined;
    let animating = false;
    let animationsEndedAt = -Infinity;
    let timer: number | undefined;
    let done = false;

    const stopMutations = onMutation((records, at) => { mutations += records; batches++; lastChange = at; });
    const stopActivity = mark === undefined ? () => {} : onActivityEnd(() => { sawTracked = true; schedule(0); });
    let navigating: string | undefined;
    const stopLeaving = onLeaving(url => { navigating = url; finish('navigation'); });

    function finish(reason: NonNullable<SettleReport['reason']>, pending?: PendingActivity): void {
      if (done) return;
      done = true;
      nativeClearTimeout(timer);
      stopMutations();
      stopActivity();
      stopLeaving();
      const elapsedMs = Math.round(now() - start);
      const report: SettleReport = {
        settled: reason === 'quiet', elapsedMs, mutations, reason,
        baselineRate: Math.round(base.batches * 1000 / BASELINE_MS),
        rate: Math.round(batches * 1000 / Math.max(1, elapsedMs)),
      };
      if (pending && !noPending(pending)) report.pending = pending;
      if (navigating) report.navigating = navigating;
      report.watchedNavigation = watchesNavigation();
      if (docId !== undefined) report.docId = docId;
      if (actionMarkedAt > 0 && fileInputClickedSince(actionMarkedAt)) report.fileChooser = true;
      if (complete) withPristineBuiltins(() => complete(report));
      resolve(report);
    }

    function schedule(delay: number): void {
      nativeClearTimeout(timer);
      timer = nativeSetTimeout(guardedCheck, Math.max(0, Math.ceil(delay)));
    }

    /** The action's work still running, its CSS animations included; notes when those ended. */
    function pendingNow(t: number): { pending: PendingActivity; nextPollMs: number } {
      if (mark === undefined) return { pending: NOTHING, nextPollMs: BUSY_POLL_MS };
      const pending = pendingActivity(mark);
      const animations = runningAnimations(animationsSince);
      if (animations.count) pending.animations = animations.count;
      else if (animating) animationsEndedAt = t;
      animating = animations.count > 0;
      return { pending, nextPollMs: Math.min(BUSY_POLL_MS, animations.endsInMs + 2) };
    }

    // From a timer, where the page's replaced built-ins are in place: the check iterates, reads maps...
    function guardedCheck(): void {
      withPristineBuiltins(check);
    }

    function check(): void {
      if (done) return;
      try {
        const t = now();
        const { pending, nextPollMs } = pendingNow(t);
        // A document the parser is still building is not done changing, however quiet a moment is.
        // Nor is one with a navigation on its way: a form submitted, a history traversal (leaving.ts).
        const idle = noPending(pending) && !(typeof document !== 'undefined' && document.readyState === 'loading') && !navigationPlannedSince(actionStart);
        if (!idle) sawTracked = true;
        const trackedEnd = mark === undefined ? -Infinity : lastActivityEndAt(); // a settle without a mark tracks nothing
        const activityEnd = Math.max(trackedEnd, animationsEndedAt);
        const endKind = animationsEndedAt >= trackedEnd ? 'timer' : lastActivityEndKind();
        const since = Math.max(start, activityEnd);           // when the action's own work ended
        const changedAt = Math.max(lastChange, activityEnd > start ? activityEnd : start);
        // Nothing changed since the wait began: the tail (a frame and slack) is enough. After a
        // timer, frame, message or animation the page's own update already ran: the tail again.
        // After a request the page still reads the body, and a change no tracked work explains
        // (an image load, a worker's answer) may have more behind it: a full quiet window.
        // On a page that churns on its own, quiet means a whole quiet window, and churn is told apart.
        const changed = changedAt > start || churning;
        const needed = !changed || (sawTracked && endKind === 'timer') ? tailMs : quietMs;
        let quietAt = Math.max(changedAt + needed, start + (churning ? quietMs : tailMs));
        if (sawTracked && endKind === 'request' && activityEnd > base.at) quietAt = Math.max(quietAt, activityEnd + quietMs);
        const deadline = start + timeoutMs;
        if (idle && t >= quietAt) return finish('quiet');
        if (idle && churning && t - since >= churnWindow && withinBaseline(t)) return finish('churn');
        if (idle && !churning && t - since >= steadyMs) return finish('churn');
        if (t >= deadline) return finish('timeout', pending);
        let next = idle ? quietAt : t + nextPollMs;
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

    // A navigation the action started before this settle was called: nothing to wait for here.
    const left = leftSince(actionStart);
    if (left) { navigating = left; finish('navigation'); return; }
    // No answer can come before the tail: the first check waits for it. Tracked work that ends
    // wakes the check itself (onActivityEnd).
    schedule(Math.min(tailMs, timeoutMs));
  });
}
