// Work an action started: timers, requests and aria-busy regions the page began because of the
// click/keypress the driver just sent. Knowing it lets the driver wait exactly as long as the page
// needs (a click handler doing `setTimeout(update, 300)`) instead of guessing with fixed sleeps.
//
// How "started by the action" is decided: the driver calls markActivity() right before acting,
// which opens an action window that settle() closes. Timers/requests created in that window by
// code not running inside a background timer callback belong to the action, and so do timers and
// requests created by those timers' callbacks (a few hops deep, so polling loops stay bounded).
import type { ActivityMark, PendingActivity } from '../types';
import { now } from './timing';
import { batchesBetween, lastMutationAt, rescanShadowRoots } from './mutations';

type Ctx = { mark: number; hops: number };

/** Timers longer than this are not the action's visible result (polls, idle logouts). */
const MAX_TIMER_MS = 1200;
/** Timer -> timer -> timer chains followed at most this deep. */
const MAX_HOPS = 3;
/** An action window never stays open longer than this, even if settle() is never called. */
const MAX_WINDOW_MS = 15_000;
/** Mutation history looked at to decide whether the page churns on its own. */
export const BASELINE_MS = 1000;

const g = globalThis as any;
// Captured at install: the wrappers run inside page code and must not depend on anything the page
// can replace later (Function.prototype.apply, Map.prototype.set...), nor ever throw into it.
const apply = Reflect.apply;
const defineProp = Object.defineProperty;
const getDescriptor = Object.getOwnPropertyDescriptor;

let installed = false;
let currentMark = 0;
let windowEnd = 0;
let running: Ctx | 'background' | undefined; // the wrapped callback now executing, if any
// Plain null-prototype records instead of Map/Set: no page-replaceable methods on the hot path.
const timers: Record<number, Ctx> = Object.create(null);
const requests: Record<number, Ctx> = Object.create(null);
let requestSeq = 0;
let busyAtMark = new WeakSet<Element>();
let lastEnd = -Infinity;
let lastEndKind: 'timer' | 'request' = 'timer';
let endListener: (() => void) | undefined;
let baseline = { mark: 0, at: 0, batches: 0, lastMutation: -Infinity };

function trackingContext(): Ctx | undefined {
  if (running === 'background') return undefined;
  if (running) return running.mark === currentMark && running.hops < MAX_HOPS ? { mark: running.mark, hops: running.hops + 1 } : undefined;
  if (currentMark && now() <= windowEnd) return { mark: currentMark, hops: 0 };
  return undefined;
}

function activityEnded(kind: 'timer' | 'request' = 'timer'): void {
  lastEnd = now();
  lastEndKind = kind;
  if (endListener) {
    try { endListener(); } catch { /* never throw into page code */ }
  }
}

/** Run a page callback with `ctx` as the current context (undefined: a background callback). */
function runIn(ctx: Ctx | undefined, fn: Function, self: unknown, args: ArrayLike<unknown>): unknown {
  const previous = running;
  running = ctx ?? 'background';
  try { return apply(fn, self, args); } finally { running = previous; }
}

function wrapTimers(): void {
  const nativeSetTimeout = g.setTimeout;
  const nativeSetInterval = g.setInterval;
  const nativeClearTimeout = g.clearTimeout;
  const nativeClearInterval = g.clearInterval;
  if (typeof nativeSetTimeout !== 'function') return;

  const setTimeoutWrapper = function (handler: unknown, timeout?: unknown): number {
    if (typeof handler !== 'function') return apply(nativeSetTimeout, g, arguments);
    const extra = restArgs(arguments, 2);
    const delay = +(timeout as number) || 0;
    const ctx = delay <= MAX_TIMER_MS ? trackingContext() : undefined;
    let id = 0;
    const run = function (this: unknown) {
      const tracked = ctx !== undefined && id in timers;
      if (tracked) delete timers[id];
      try { return runIn(ctx, handler, this, extra); } finally { if (tracked) activityEnded(); }
    };
    id = apply(nativeSetTimeout, g, [run, timeout]);
    if (ctx) timers[id] = ctx;
    return id;
  };
  const setIntervalWrapper = function (handler: unknown, timeout?: unknown): number {
    if (typeof handler !== 'function') return apply(nativeSetInterval, g, arguments);
    const extra = restArgs(arguments, 2);
    // Interval ticks are background work: what they schedule is not the action's.
    return apply(nativeSetInterval, g, [function (this: unknown) { return runIn(undefined, handler, this, extra); }, timeout]);
  };
  const clearWrapper = (native: Function) => function (id?: unknown): void {
    const cleared = typeof id === 'number' && id in timers;
    if (cleared) delete timers[id as number];
    apply(native, g, [id]);
    if (cleared) activityEnded(); // a debounce cancelled: nothing left to wait for
  };
  define(g, 'setTimeout', setTimeoutWrapper);
  define(g, 'setInterval', setIntervalWrapper);
  define(g, 'clearTimeout', clearWrapper(nativeClearTimeout));
  define(g, 'clearInterval', clearWrapper(nativeClearInterval));
}

function restArgs(args: IArguments, from: number): unknown[] {
  const out: unknown[] = [];
  for (let i = from; i < args.length; i++) out[i - from] = args[i];
  return out;
}

function trackRequest(ctx: Ctx): () => void {
  const token = ++requestSeq;
  requests[token] = ctx;
  return () => {
    if (!(token in requests)) return;
    delete requests[token];
    activityEnded('request');
  };
}

function wrapFetch(): void {
  const nativeFetch = g.fetch;
  const nativeThen = g.Promise?.prototype?.then;
  if (typeof nativeFetch !== 'function' || typeof nativeThen !== 'function') return;
  const fetchWrapper = function (this: unknown) {
    const ctx = trackingContext();
    const promise = apply(nativeFetch, this === undefined ? g : this, arguments);
    // Headers received = finished: a 204 or an empty body needs nothing more.
    if (ctx) { const done = trackRequest(ctx); apply(nativeThen, promise, [done, done]); }
    return promise;
  };
  define(g, 'fetch', fetchWrapper);
}

function wrapXhr(): void {
  const proto = g.XMLHttpRequest?.prototype;
  const nativeSend = proto?.send;
  const addListener = g.EventTarget?.prototype?.addEventListener;
  if (typeof nativeSend !== 'function' || typeof addListener !== 'function') return;
  const sendWrapper = function (this: XMLHttpRequest) {
    const ctx = trackingContext();
    if (!ctx) return apply(nativeSend, this, arguments);
    const done = trackRequest(ctx);
    apply(addListener, this, ['loadend', done, { once: true }]);
    try { return apply(nativeSend, this, arguments); } catch (error) { done(); throw error; }
  };
  define(proto, 'send', sendWrapper);
}

function define(target: object, key: string, value: Function): void {
  try {
    defineProp(value, 'name', { value: key, configurable: true });
    const existing = getDescriptor(target, key);
    defineProp(target, key, { value, writable: true, configurable: true, enumerable: existing ? !!existing.enumerable : true });
  } catch {
    // Locked by something earlier (another extension): that kind of activity goes untracked.
  }
}

function busyElements(): Element[] {
  if (typeof document === 'undefined') return [];
  const list = document.querySelectorAll('[aria-busy="true" i]');
  const out: Element[] = [];
  for (let i = 0; i < list.length; i++) out[i] = list[i];
  return out;
}

/**
 * How a busy element is named in a report. The early runtime (early.ts) holds no ARIA code: the
 * full runtime sets the describer when it installs, and reports only come from calls into it.
 */
let busyDescriber: (element: Element) => string = element => element.localName;

export function setBusyDescriber(describe: (element: Element) => string): void {
  busyDescriber = describe;
}

function describeBusy(element: Element): string {
  try {
    return busyDescriber(element);
  } catch {
    return element.localName;
  }
}

/** Install the wrappers. Idempotent; must run before page scripts grab setTimeout/fetch. */
export function installActivityTracking(): void {
  if (installed) return;
  installed = true;
  wrapTimers();
  wrapFetch();
  wrapXhr();
}

/** Open an action window. Returns the mark to pass to settle()/pendingActivity(). */
export function markActivity(): ActivityMark {
  const at = now();
  currentMark++;
  windowEnd = at + MAX_WINDOW_MS;
  busyAtMark = new WeakSet(busyElements());
  rescanShadowRoots();
  baseline = { mark: currentMark, at, batches: batchesBetween(at - BASELINE_MS, at), lastMutation: lastMutationAt() };
  return { mark: currentMark, mutationsPerSecond: baseline.batches * (1000 / BASELINE_MS) };
}

/** Close the action window: from now on only the action's own callbacks add tracked work. */
export function closeActionWindow(mark: number): void {
  if (mark === currentMark) windowEnd = 0;
}

/** The page's mutation rate right before `mark` (batches in the BASELINE_MS before it). */
export function baselineFor(mark: number | undefined): { batches: number; lastMutation: number; at: number } | undefined {
  return mark !== undefined && mark === baseline.mark ? baseline : undefined;
}

export function pendingActivity(mark: number = currentMark): PendingActivity {
  const busy: string[] = [];
  if (mark === currentMark) {
    for (const element of busyElements()) if (!busyAtMark.has(element)) busy[busy.length] = describeBusy(element);
  }
  return { timers: countFor(timers, mark), requests: countFor(requests, mark), busy };
}

function countFor(table: Record<number, Ctx>, mark: number): number {
  let count = 0;
  for (const key in table) if (table[key].mark === mark) count++;
  return count;
}

/** One listener at a time: only one settle() runs per document. Returns the unsubscribe. */
export function onActivityEnd(listener: () => void): () => void {
  endListener = listener;
  return () => { if (endListener === listener) endListener = undefined; };
}

/** When tracked work last finished (a timer fired, a request completed, a timer was cleared). */
export function lastActivityEndAt(): number {
  return lastEnd;
}

/** What finished last: after a request the page still reads the body and renders, which takes longer. */
export function lastActivityEndKind(): 'timer' | 'request' {
  return lastEndKind;
}
