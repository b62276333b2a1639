// The queues a page renders from besides timers: animation frames, idle callbacks and messages
// it posts to itself. What the action (or the load) queued there is its work until it runs
// (activity.ts keeps the count); the callback runs in the queuing code's context, so what it
// starts is tracked too. Kept apart from activity.ts, which hands in its bookkeeping as hooks.

/** What activity.ts lends the wrappers; `C` is its tracking context. */
export interface QueueHooks<C> {
  /** The context of the code running now; undefined when it is not tracked. */
  context(): C | undefined;
  runIn(ctx: C | undefined, fn: Function, self: unknown, args: ArrayLike<unknown>): unknown;
  /** Count a queued callback of `ctx`'s (`frame`: runs only in a shown document); returns its token. */
  queued(ctx: C, frame: boolean): number;
  /** The callback ran or was cancelled: true when it was still counted. */
  done(token: number): boolean;
  /** Tracked work ended (wakes the settle). */
  ended(): void;
  define(target: object, key: string, value: Function): void;
}

const g = globalThis as any;
// Captured at install: the wrappers run inside page code and must not depend on what the page replaces.
const apply = Reflect.apply;
const construct = Reflect.construct;

/** Install the wrappers of every queue. */
export function wrapQueues<C>(hooks: QueueHooks<C>): void {
  wrapCallbackQueue(hooks, 'requestAnimationFrame', 'cancelAnimationFrame', true);
  wrapCallbackQueue(hooks, 'requestIdleCallback', 'cancelIdleCallback', false);
  wrapMessages(hooks);
}

/**
 * requestAnimationFrame and requestIdleCallback: a framework renders in the next frame or in idle
 * time; the callback runs in the queuing code's context, so what it starts is tracked too.
 */
function wrapCallbackQueue<C>(hooks: QueueHooks<C>, requestName: string, cancelName: string, frame: boolean): void {
  const request = g[requestName];
  const cancel = g[cancelName];
  if (typeof request !== 'function') return;
  const tokens: Record<number, number> = Object.create(null); // the browser's id -> our token
  hooks.define(g, requestName, function (this: unknown, callback: unknown) {
    if (typeof callback !== 'function') return apply(request, g, arguments);
    const ctx = hooks.context();
    let id = 0;
    const run = function (this: unknown) {
      const token = tokens[id];
      if (token) delete tokens[id];
      const tracked = hooks.done(token);
      try { return hooks.runIn(ctx, callback, this, arguments); } finally { if (tracked) hooks.ended(); }
    };
    const args: unknown[] = [run];
    for (let i = 1; i < arguments.length; i++) args[i] = arguments[i];
    id = apply(request, g, args);
    if (ctx) tokens[id] = hooks.queued(ctx, frame);
    return id;
  });
  if (typeof cancel !== 'function') return;
  hooks.define(g, cancelName, function (id?: unknown) {
    const token = typeof id === 'number' ? tokens[id] : 0;
    if (token) delete tokens[id as number];
    apply(cancel, g, [id]);
    if (hooks.done(token)) hooks.ended();
  });
}

/**
 * Messages the action posts to itself: React's scheduler renders from a MessageChannel message,
 * other schedulers from window.postMessage. A message counts until a 'message' event reaches the
 * other end (one task: the page's own listeners run in it too, before any check of ours).
 */
function wrapMessages<C>(hooks: QueueHooks<C>): void {
  const addListener = g.EventTarget?.prototype?.addEventListener;
  if (typeof addListener !== 'function') return;
  const untilDelivered = (ctx: C, target: unknown, post: () => unknown): unknown => {
    const token = hooks.queued(ctx, false);
    const delivered = () => { if (hooks.done(token)) hooks.ended(); };
    try {
      apply(addListener, target, ['message', delivered, { once: true }]);
      return post();
    } catch (error) {
      hooks.done(token);
      throw error;
    }
  };
  const NativeChannel = g.MessageChannel;
  const nativePortPost = g.MessagePort?.prototype?.postMessage;
  const WeakMapCtor = g.WeakMap;
  if (typeof NativeChannel === 'function' && typeof nativePortPost === 'function' && typeof WeakMapCtor === 'function') {
    const partners = new WeakMapCtor();
    const getPartner = WeakMapCtor.prototype.get;
    const setPartner = WeakMapCtor.prototype.set;
    const Channel = function (this: unknown) {
      // Called without `new`, the native constructor throws its own TypeError.
      if (!new.target) return apply(NativeChannel, this, arguments);
      const channel = construct(NativeChannel, [], new.target);
      apply(setPartner, partners, [channel.port1, channel.port2]);
      apply(setPartner, partners, [channel.port2, channel.port1]);
      return channel;
    };
    Channel.prototype = NativeChannel.prototype;
    hooks.define(g, 'MessageChannel', Channel);
    hooks.define(g.MessagePort.prototype, 'postMessage', function (this: unknown) {
      const ctx = hooks.context();
      const partner = ctx ? apply(getPartner, partners, [this]) : undefined;
      if (!ctx || !partner) return apply(nativePortPost, this, arguments);
      const args = arguments;
      return untilDelivered(ctx, partner, () => apply(nativePortPost, this, args));
    });
  }
  const nativeWindowPost = g.postMessage;
  if (typeof nativeWindowPost === 'function' && typeof g.window === 'object') {
    hooks.define(g, 'postMessage', function (this: unknown) {
      const self = this === undefined ? g : this;
      const ctx = self === g ? hooks.context() : undefined;
      if (!ctx) return apply(nativeWindowPost, self, arguments);
      const args = arguments;
      return untilDelivered(ctx, g, () => apply(nativeWindowPost, self, args));
    });
  }
}

