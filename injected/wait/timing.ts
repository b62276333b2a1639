// Built-ins the settle/activity code depends on, captured when the runtime is installed (before
// any page script). A page may later replace or wrap `setTimeout`, `MutationObserver` or the
// clocks (fake timers, analytics shims, our own activity wrappers): we must keep the real ones.
const g = globalThis as any;
// Called through Reflect.apply as captured here, never through `fn.call`: these run in timers and
// observer callbacks, outside the calls that put the page's replaced built-ins back
// (Function.prototype.call among them).
const apply = Reflect.apply;

const nativeSetTimeoutFn: (handler: () => void, ms: number) => number = g.setTimeout;
const nativeClearTimeoutFn: (id: number) => void = g.clearTimeout;
const perf = g.performance as Performance | undefined;
const perfNow: (() => number) | undefined = perf && typeof perf.now === 'function' ? perf.now : undefined;
const dateNow: () => number = Date.now;

export const NativeMutationObserver: typeof MutationObserver = g.MutationObserver;
const observeFn = NativeMutationObserver.prototype.observe;

/** Monotonic milliseconds (performance.now when available). */
export function now(): number {
  return perfNow ? apply(perfNow, perf, []) : dateNow();
}

export function nativeSetTimeout(handler: () => void, ms: number): number {
  return apply(nativeSetTimeoutFn, g, [handler, ms]);
}

export function nativeClearTimeout(id: number | undefined): void {
  if (id !== undefined) apply(nativeClearTimeoutFn, g, [id]);
}

export function observe(observer: MutationObserver, target: Node, init: MutationObserverInit): void {
  apply(observeFn, observer, [target, init]);
}

const addListenerFn: EventTarget['addEventListener'] | undefined = g.EventTarget?.prototype?.addEventListener;
const removeListenerFn: EventTarget['removeEventListener'] | undefined = g.EventTarget?.prototype?.removeEventListener;

/** addEventListener as it was at install; returns the matching remove. */
export function listen(target: EventTarget, type: string, listener: (event: any) => void, capture = false): () => void {
  if (!addListenerFn || !removeListenerFn) return () => {};
  try { apply(addListenerFn, target, [type, listener, capture]); } catch { return () => {}; }
  return () => { try { apply(removeListenerFn, target, [type, listener, capture]); } catch { /* gone with the document */ } };
}

const getAnimationsFn: (() => Animation[]) | undefined = g.Document?.prototype?.getAnimations;

/** The document's animations (CSS animations and transitions, Web Animations); [] where unsupported. */
export function documentAnimations(): Animation[] {
  if (!getAnimationsFn || typeof document === 'undefined') return [];
  try { return apply(getAnimationsFn, document, []); } catch { return []; }
}
