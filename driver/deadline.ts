// The one deadline helper. Every call into a page is raced against its own timer: a page paused
// by a dialog, stuck in a busy loop or never finishing a navigation must never hang a caller.
// The loser of a race is left to finish on its own; its late rejection is swallowed.
import { AsyncLocalStorage } from 'node:async_hooks';
import { availableParallelism, loadavg } from 'node:os';

/** A call into the page that did not answer in time. */
export class PageTimeoutError extends Error {
  constructor(readonly what: string, readonly ms: number) {
    super(`${what} did not answer within ${ms}ms (the page may be busy, paused by a dialog, or still loading).`);
    this.name = 'PageTimeoutError';
  }
}

/** A cancellable sleep: cancel() clears the timer so nothing keeps Node alive. */
export function delay(ms: number): { promise: Promise<void>; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<void>(resolve => { timer = setTimeout(resolve, Math.max(0, ms)); });
  return { promise, cancel: () => clearTimeout(timer) };
}

/** A promise and the function that resolves it, for waits that something else ends. */
export function deferred<T = void>(): { promise: Promise<T>; resolve(value: T): void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>(r => { resolve = r; });
  return { promise, resolve };
}

export function sleep(ms: number): Promise<void> {
  return delay(ms).promise;
}

/**
 * Turns of the event loop a deadline gives, once its timer ran, to an answer already on its way.
 * Playwright passes each protocol message on in a setImmediate twice (from the browser's pipe or
 * socket to its server side, and from there to its client); this one counts after both.
 */
const ANSWER_HOPS = 4;

/**
 * A deadline's timer, which expires only after the I/O already waiting has been read and passed
 * on: on a busy server the timer runs late, in the same turn of the event loop as the answer it
 * was waiting for (timers run before sockets are read), and must not call a page that answered silent.
 */
function expiry(ms: number): { promise: Promise<void>; cancel(): void } {
  const timer = delay(ms);
  const hops = async () => {
    for (let i = 0; i < ANSWER_HOPS; i++) await new Promise<void>(resolve => setImmediate(resolve));
  };
  return { promise: timer.promise.then(hops), cancel: timer.cancel };
}

/**
 * Resolves like `work`, or rejects after `ms`: with PageTimeoutError naming `what`, or with
 * the error `what` builds.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, what: string | (() => Error)): Promise<T> {
  const timer = expiry(ms);
  work.catch(() => {});
  const expired = timer.promise.then((): never => { throw typeof what === 'string' ? new PageTimeoutError(what, ms) : what(); });
  return Promise.race([work, expired]).finally(() => timer.cancel());
}

export type Bounded<T> = { ok: true; value: T } | { ok: false; reason: 'timeout' | 'error'; message: string };

/** Like withDeadline, but never rejects: the outcome says whether `work` answered, failed or ran out of time. */
export async function within<T>(work: Promise<T>, ms: number): Promise<Bounded<T>> {
  const guarded = work.then(
    value => ({ ok: true as const, value }),
    error => ({ ok: false as const, reason: 'error' as const, message: String(error?.message ?? error) }),
  );
  const timer = expiry(ms);
  try {
    return await Promise.race([
      guarded,
      timer.promise.then(() => ({ ok: false as const, reason: 'timeout' as const, message: `no answer within ${Math.round(ms)} ms` })),
    ]);
  } finally {
    timer.cancel();
  }
}

/** The most a machine's load stretches a patience (patienceUnderLoad). */
const MAX_LOAD_STRETCH = 6;

/**
 * `ms`, stretched on a machine with more runnable work than CPUs: there a live renderer waits its
 * turn for seconds, and a bound meant to tell a stuck page from a slow one would call it stuck
 * (one-minute load average per CPU, at most MAX_LOAD_STRETCH times; 0 where the OS reports none).
 */
export function patienceUnderLoad(ms: number): number {
  const perCpu = loadavg()[0]! / Math.max(1, availableParallelism());
  return Math.round(ms * Math.min(MAX_LOAD_STRETCH, Math.max(1, perCpu)));
}

// ---- cancellation ----
// A client may cancel a call (MCP notifications/cancelled; a CLI command killed or interrupted).
// The call's long waits (a time to wait, a text to appear, a page to load) then end at once, so the
// session's next call does not queue behind them. Work that is quick or leaves page state behind
// (an action between its aim and its click) runs to its end: only waits ask untilCancelled.

/** The client cancelled the call this wait belonged to. */
export class CancelledError extends Error {
  constructor() {
    super('The client cancelled this call; it stopped at its next wait.');
    this.name = 'CancelledError';
  }
}

/** The signal of the call being run, carried through its awaits (AsyncLocalStorage). */
const callSignal = new AsyncLocalStorage<AbortSignal>();

/** Runs `work` as a call that `signal` can cancel: its waits (untilCancelled) end when it aborts. */
export function runCancellable<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
  return signal ? callSignal.run(signal, work) : work();
}

/**
 * Resolves like `work`, or rejects with CancelledError as soon as the call being run is cancelled
 * (never, outside a cancellable call). The work itself goes on; its outcome is dropped.
 */
export function untilCancelled<T>(work: Promise<T>): Promise<T> {
  const signal = callSignal.getStore();
  if (!signal) return work;
  work.catch(() => {});
  if (signal.aborted) return Promise.reject(new CancelledError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new CancelledError());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      value => { signal.removeEventListener('abort', onAbort); resolve(value); },
      error => { signal.removeEventListener('abort', onAbort); reject(error); },
    );
  });
}

/** A sleep that ends early, with CancelledError, when the call being run is cancelled. */
export async function cancellableSleep(ms: number): Promise<void> {
  const timer = delay(ms);
  try {
    await untilCancelled(timer.promise);
  } finally {
    timer.cancel();
  }
}
