// Work an action started: timers, animation frames, idle callbacks, channel messages, requests,
// replies to what it sent over a WebSocket or to a worker (replies.ts) and aria-busy regions the
// page began because of the click/keypress the driver just sent (CSS animations are read by
// settle.ts from the document itself). Knowing it lets the driver wait exactly as long as the page
// needs (a click handler doing `setTimeout(update, 300)`) instead of guessing with fixed sleeps.
//
// How "started by the action" is decided: the driver calls markActivity() right before acting,
// which opens an action window that settle() closes. Timers/requests created in that window by
// code not running inside a background timer callback belong to the action, and so do timers and
// requests created by those timers' callbacks (a few hops deep, so polling loops stay bounded).
//
// A document's load is a window of its own (LOAD_MARK, opened at install): the settle after a
// navigation waits for the short timers, frames and messages the page queued while loading (a
// framework's first render), not for its requests (data, long polls and beacons are the page's
// business; the load event already waited for what the parser asked for).
import type { ActivityMark, PendingActivity } from '../types';
import { watchFileInputClicks } from './file-chooser';
// Through this module: the full runtime shares the early runtime's copy of it (build.mjs), not of file-chooser.ts.
export { fileInputClickedSince } from './file-chooser';
import { installFormSubmitWrapper, installTraversalWrappers, watchLeaving } from './leaving';
// The same for the leaving watch: one record per document of where it is going.
export { leftSince, onLeaving, navigationPlannedSince, watchesNavigation, watchLeaving } from './leaving';
import { now } from './timing';
import { wrapQueues } from './queues';
import { wrapReplies } from './replies';
import { batchesBetween, lastMutationAt, rescanShadowRoots } from './mutations';

/** A tracked callback's context; `until`: a request that stops counting then (replies.ts). */
type Ctx = { mark: number; hops: number; until?: number };

/** Timers longer than this are not the action's visible result (polls, idle logouts). */
const MAX_TIMER_MS = 1200;
/** The load's timers: only short ones are its first render; longer ones are polls and banners. */
const MAX_LOAD_TIMER_MS = 100;
/** The mark of the document's load window, opened when tracking is installed. */
export const LOAD_MARK = 1;
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
let markAt = 0;
let windowEnd = 0;
let running: Ctx | 'background' | undefined; // the wrapped callback now executing, if any
// Plain null-prototype records instead of Map/Set: no page-replaceable methods on the hot path.
const timers: Record<number, Ctx> = Object.create(null);
const requests: Record<number, Ctx> = Object.create(null);
let requestSeq = 0;
/**
 * Frames, idle callbacks and messages queued by tracked code. Each counts until it runs, or for
 * MAX_TIMER_MS at most: a hidden tab runs no frames, a port nobody started delivers nothing.
 */
type Queued = Ctx & { at: number; frame: boolean };
const queued: Record<number, Queued> = Object.create(null);
let queuedSeq = 0;
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

/** The context a timer of `delay` ms belongs to: long ones are never the action's (or the load's). */
function timerContext(delay: number): Ctx | undefined {
  if (delay > MAX_TIMER_MS) return undefined;
  const ctx = trackingContext();
  return ctx && (ctx.mark !== LOAD_MARK || delay <= MAX_LOAD_TIMER_MS) ? ctx : undefined;
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
    const ctx = timerContext(delay);
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

/**
 * A request of the action's; the load's requests are not waited for (see the top). `maxMs`: it
 * stops counting after that long even if it never ends (a reply that may not come, replies.ts).
 */
function trackRequest(ctx: Ctx, maxMs?: number): () => void {
  if (ctx.mark === LOAD_MARK) return () => {};
  const token = ++requestSeq;
  requests[token] = maxMs === undefined ? ctx : { mark: ctx.mark, hops: ctx.hops, until: now() + maxMs };
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

function trackQueued(ctx: Ctx, frame: boolean): number {
  const token = ++queuedSeq;
  queued[token] = { mark: ctx.mark, hops: ctx.hops, at: now(), frame };
  return token;
}

/** Forget a queued callback; true when it was still counted (its end is then announced). */
function untrackQueued(token: number): boolean {
  if (!token || !(token in queued)) return false;
  delete queued[token];
  return true;
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
  wrapQueues({ context: trackingContext, runIn, queued: trackQueued, done: untrackQueued, ended: () => activityEnded(), define });
  wrapFetch();
  wrapXhr();
  installFormSubmitWrapper(define);
  // The load window: what the page queues while it loads is the load's (see the top).
  currentMark = LOAD_MARK;
  markAt = now();
  windowEnd = markAt + MAX_WINDOW_MS;
}

let actionWrappers = false;

/**
 * Wrappers only an action's work needs, put in at the first mark rather than at install (a
 * document that is never acted on does not pay for them): the page looks these methods up on
 * each call, so what it sends from then on goes through them.
 */
function installActionWrappers(): void {
  if (actionWrappers) return;
  actionWrappers = true;
  wrapReplies({ context: trackingContext, request: trackRequest, define });
  installTraversalWrappers(define);
}

/** Open an action window. Returns the mark to pass to settle()/pendingActivity(). */
export function markActivity(): ActivityMark {
  watchFileInputClicks();
  watchLeaving();
  installActionWrappers();
  const at = now();
  currentMark++;
  markAt = at;
  windowEnd = at + MAX_WINDOW_MS;
  busyAtMark = new WeakSet(busyElements());
  rescanShadowRoots();
  baseline = { mark: currentMark, at, batches: batchesBetween(at - BASELINE_MS, at), lastMutation: lastMutationAt() };
  return { mark: currentMark, mutationsPerSecond: baseline.batches * (1000 / BASELINE_MS) };
}

/** When `mark` was opened (performance.now() time); 0 when it is not the latest mark. */
export function markStartedAt(mark: number): number {
  return mark === currentMark ? markAt : 0;
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
  // A region busy since the load is the page's state, not work of the load's to wait for.
  if (mark === currentMark && mark !== LOAD_MARK) {
    for (const element of busyElements()) if (!busyAtMark.has(element)) busy[busy.length] = describeBusy(element);
  }
  return { timers: countFor(timers, mark), requests: countRequests(mark), callbacks: countQueued(mark), busy };
}

function countQueued(mark: number): number {
  const oldest = now() - MAX_TIMER_MS;
  const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
  let count = 0;
  for (const key in queued) {
    const entry = queued[key];
    if (entry.at < oldest) delete queued[key];
    else if (entry.mark === mark && !(entry.frame && hidden)) count++;
  }
  return count;
}

/** The action's requests, forgetting those counted as long as they may be (`until`). */
function countRequests(mark: number): number {
  const at = now();
  let count = 0;
  for (const key in requests) {
    const request = requests[key];
    if (request.until !== undefined && at > request.until) delete requests[key];
    else if (request.mark === mark) count++;
  }
  return count;
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
