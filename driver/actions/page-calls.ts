// In-page calls that can never hang the driver: a page paused by a dialog, a frame torn down by a
// navigation, or a runtime that is missing all turn into a result instead of a stuck promise.
import type { Frame } from 'playwright';
import type { ActivityMark, SettleOptions, SettleReport } from '../../injected/types.js';
import { callInFrame } from '../page/cdp-evaluate.js';

export type Bounded<T> = { ok: true; value: T } | { ok: false; reason: 'timeout' | 'error'; message: string };

/** A cancellable sleep: cancel() clears the timer so nothing keeps Node alive. */
export function delay(ms: number): { promise: Promise<void>; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<void>(resolve => { timer = setTimeout(resolve, Math.max(0, ms)); });
  return { promise, cancel: () => clearTimeout(timer) };
}

/** Race `work` against a timeout; the loser is left to finish on its own (its rejection is swallowed). */
export async function within<T>(work: Promise<T>, ms: number): Promise<Bounded<T>> {
  const timer = delay(ms);
  const guarded = work.then(
    value => ({ ok: true as const, value }),
    error => ({ ok: false as const, reason: 'error' as const, message: String(error?.message ?? error) }),
  );
  try {
    return await Promise.race([
      guarded,
      timer.promise.then(() => ({ ok: false as const, reason: 'timeout' as const, message: `no answer within ${Math.round(ms)} ms` })),
    ]);
  } finally {
    timer.cancel();
  }
}

export type MarkResult = ActivityMark & { docId: string };

/** `__ariaref.markActivity()` in `frame`; undefined when the runtime is absent or does not answer. */
export async function markActivity(frame: Frame, timeoutMs: number): Promise<MarkResult | undefined> {
  const result = await within(callInFrame(frame, () => {
    const api = (globalThis as any).__ariaref;
    if (!api || typeof api.markActivity !== 'function') return null;
    // No page built-ins here (String...): the page may have replaced them.
    return { ...(api.markActivity() as ActivityMark), docId: `${api.docId}` };
  }, undefined, { timeoutMs: timeoutMs + 1000, what: 'Marking page activity' }), timeoutMs);
  return result.ok && result.value ? result.value : undefined;
}

/** The runtime's document id (changes on every cross-document navigation), if it answers. */
export async function documentId(frame: Frame, timeoutMs: number): Promise<string | undefined> {
  const result = await within(callInFrame(frame, () => {
    const api = (globalThis as any).__ariaref;
    return api ? `${api.docId}` : null;
  }, undefined, { timeoutMs: timeoutMs + 1000, what: 'Reading the document id' }), timeoutMs);
  return result.ok && result.value ? result.value : undefined;
}

/** `__ariaref.settle(options)` in `frame`, bounded by the settle cap plus `slackMs`. */
export async function settleIn(frame: Frame, options: SettleOptions, slackMs: number): Promise<Bounded<SettleReport | null>> {
  const cap = options.timeoutMs ?? 3000;
  return within(callInFrame(frame, opts => {
    const api = (globalThis as any).__ariaref;
    return api && typeof api.settle === 'function' ? (api.settle(opts) as Promise<SettleReport>) : null;
  }, options, { timeoutMs: cap + slackMs + 1000, what: 'Waiting for the page to settle', awaitPromise: true }), cap + slackMs);
}
