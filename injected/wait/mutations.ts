// One always-on MutationObserver per document, shadow roots included, installed with the runtime.
// It keeps a short history of when the page changed, which lets the driver tell a page that was
// already churning before an action (tickers, clocks, animations) from one the action disturbed.
// The same records tell incremental snapshots what changed (incremental/dirty.ts); for that, it
// also reports what no record shows: shadow roots attached and custom elements defined later.
import { NativeMutationObserver, listen, nativeSetTimeout, now, observe } from './timing';
import { onShadowRootAttached, shadowRootOf } from '../dom/closed-shadow';

export type MutationListener = (records: number, at: number) => void;

// Batch timestamps kept: the churn check looks one second back, 256 covers that up to 250 Hz.
const HISTORY = 256;
const INIT: MutationObserverInit = { childList: true, subtree: true, attributes: true, characterData: true };

/** Records as delivered (or flushed); `null` from structureChanged: anything may have changed. */
export type RecordListener = (records: ArrayLike<MutationRecord>) => void;
export type StructureListener = (host: Element | null) => void;

let observer: MutationObserver | undefined;
const takeRecordsFn = NativeMutationObserver.prototype.takeRecords;
// Captured at install: observer callbacks and wrapped page calls run where the page's replaced
// built-ins are in place (Function.prototype.call and apply among them).
const apply = Reflect.apply;
const observedRoots = new WeakSet<Node>();

/**
 * Listeners in an array, called by index: they run from the observer's callback, where the page's
 * replaced built-ins are in place, and a page may replace the iterators a for..of over a Set or an
 * array would use (incremental snapshots then never heard of a change and went stale). Adding and
 * removing call no built-in method either.
 */
class ListenerList<T> {
  private items: T[] = [];

  add(listener: T): () => void {
    this.items[this.items.length] = listener;
    return () => this.remove(listener);
  }

  private remove(listener: T): void {
    const items = this.items;
    let i = 0;
    while (i < items.length && items[i] !== listener) i++;
    if (i === items.length) return;
    for (; i < items.length - 1; i++) items[i] = items[i + 1];
    items.length = items.length - 1;
  }

  /** Calls `deliver` for each listener there was when it began; a listener's error stops no other. */
  each(deliver: (listener: T) => void): void {
    const items = this.items;
    const count = items.length;
    const current: T[] = [];
    for (let i = 0; i < count; i++) current[i] = items[i];
    for (let i = 0; i < count; i++) {
      try { deliver(current[i]); } catch { /* a listener bug must not break the observer */ }
    }
  }
}

const listeners = new ListenerList<MutationListener>();
const recordListeners = new ListenerList<RecordListener>();
const structureListeners = new ListenerList<StructureListener>();
// Open shadow roots being observed, weakly: the incremental checks read their controls and sheets.
const shadowRoots: Array<WeakRef<ShadowRoot>> = [];
const listedRoots = new WeakSet<ShadowRoot>();
const batchTimes: number[] = [];
let batchCursor = 0;
let lastBatchAt = -Infinity;

function observeRoot(root: Node): void {
  if (!observer || observedRoots.has(root)) return;
  observedRoots.add(root);
  if (root.nodeType === 11) listShadowRoot(root as ShadowRoot);
  try { observe(observer, root, INIT); } catch { /* a detached or exotic root: nothing to watch */ }
}

// Captured at install: this runs in observer callbacks, where page-replaced built-ins are not undone.
const NativeWeakRef: typeof WeakRef | undefined = typeof WeakRef === 'function' ? WeakRef : undefined;

function listShadowRoot(root: ShadowRoot): void {
  if (listedRoots.has(root) || !NativeWeakRef) return;
  listedRoots.add(root);
  shadowRoots[shadowRoots.length] = new NativeWeakRef(root);
}

/** The open shadow roots observed so far whose host is in the document (pruning the others). */
export function connectedShadowRoots(): ShadowRoot[] {
  adoptPendingShadowRoots();
  const result: ShadowRoot[] = [];
  for (let i = shadowRoots.length - 1; i >= 0; i--) {
    const root = shadowRoots[i].deref();
    if (root && root.host.isConnected) { result.push(root); continue; }
    // Forgotten until re-inserted: the insertion record adopts it again.
    if (root) { listedRoots.delete(root); observedRoots.delete(root); }
    shadowRoots.splice(i, 1);
  }
  return result.reverse();
}

/** Observe every open shadow root below `node` (inclusive). */
function adoptShadowRoots(node: Node): void {
  if (node.nodeType !== 1 && node.nodeType !== 11 && node.nodeType !== 9) return;
  const start = node as Element | DocumentFragment | Document;
  const own = start.nodeType === 1 ? shadowRootOf(start as Element) : null;
  if (own) { observeRoot(own); adoptShadowRoots(own); }
  if (typeof (start as ParentNode).querySelectorAll !== 'function') return;
  // querySelectorAll('*') does not enter shadow trees: recurse into each one found.
  const all = (start as ParentNode).querySelectorAll('*');
  for (let i = 0; i < all.length; i++) {
    const root = shadowRootOf(all[i]);
    if (root && !observedRoots.has(root)) { observeRoot(root); adoptShadowRoots(root); }
  }
}

function onRecords(records: MutationRecord[]): void {
  const at = now();
  lastBatchAt = at;
  batchTimes[batchCursor] = at;
  batchCursor = (batchCursor + 1) % HISTORY;
  for (let r = 0; r < records.length; r++) {
    const added = records[r].addedNodes;
    for (let i = 0; i < added.length; i++) {
      const node = added[i];
      // Only elements can carry shadow roots; skip the text-node churn of tickers cheaply.
      if (node.nodeType === 1) adoptShadowRoots(node);
    }
  }
  listeners.each(listener => listener(records.length, at));
  recordListeners.each(listener => listener(records));
}

function structureChanged(host: Element | null): void {
  structureListeners.each(listener => listener(host));
}

/**
 * attachShadow makes no mutation record, yet replaces what the host renders: the runtime's one
 * wrapper of it (dom/closed-shadow.ts) tells us of each new root. customElements.define upgrades
 * elements (and flips `:defined`) without one either: wrapped here, once, at install, before page
 * scripts run.
 */
function watchUnrecordedChanges(): void {
  // Closed roots too: the snapshot walks them (dom/closed-shadow.ts). While the document is
  // parsed nothing reads records: the DOMContentLoaded pass adopts connected roots in bulk.
  attachWatched = onShadowRootAttached((host, root) => {
    if (!parsing) observeRoot(root);
    structureChanged(host);
  });
  const registry = (globalThis as any).CustomElementRegistry?.prototype;
  const define = registry?.define;
  if (typeof define === 'function') {
    const originalDefine = define;
    const wrapped = function define(this: CustomElementRegistry, ...args: unknown[]): void {
      try { return apply(originalDefine, this, args); } finally { structureChanged(null); }
    };
    try { Object.defineProperty(registry, 'define', { ...Object.getOwnPropertyDescriptor(registry, 'define'), value: wrapped }); } catch { /* locked */ }
  }
}

/** Start observing the document. Idempotent; call at runtime install. */
export function installMutationTracking(): void {
  if (observer || typeof document === 'undefined') return;
  observer = new NativeMutationObserver(onRecords);
  watchUnrecordedChanges();
  if (document.readyState !== 'loading') {
    // Installed into a document its scripts already ran in: the roots they attached are looked for
    // once, when first needed; later ones come through the wrapper.
    observeRoot(document);
    shadowScanPending = true;
    return;
  }
  // While the parser builds the document, a record for every node it inserts was most of the
  // runtime's page-load cost (a 5,000-row table: as long again as parsing it). The document is
  // observed from DOMContentLoaded on, its declarative shadow roots adopted in one pass; until then
  // a heartbeat stands for the parser's changes, so waits see a changing page. Incremental snapshots
  // start then too (isTracking is false before): snapshots taken while parsing are full ones.
  parsing = true;
  heartbeat();
  listen(document, 'DOMContentLoaded', startObservingDocument);
}

const HEARTBEAT_MS = 50;
/** True from install until DOMContentLoaded: the parser is still inserting the document. */
let parsing = false;

function heartbeat(): void {
  if (!parsing) return;
  if (document.readyState !== 'loading') { startObservingDocument(); return; }
  syntheticBatch();
  nativeSetTimeout(heartbeat, HEARTBEAT_MS);
}

function syntheticBatch(): void {
  const at = now();
  lastBatchAt = at;
  batchTimes[batchCursor] = at;
  batchCursor = (batchCursor + 1) % HISTORY;
  listeners.each(listener => listener(1, at));
}

function startObservingDocument(): void {
  if (!parsing) return;
  parsing = false;
  observeRoot(document);
  // Declarative shadow roots the parser attached: found by one pass over the document, made when
  // first needed (a snapshot, a wait) rather than on the load path.
  shadowScanPending = true;
  syntheticBatch();
}

let shadowScanPending = false;
/** attachShadow is wrapped (dom/closed-shadow.ts): no root attached by script since install goes unseen. */
let attachWatched = false;

function adoptPendingShadowRoots(): void {
  if (!shadowScanPending) return;
  shadowScanPending = false;
  adoptShadowRoots(document);
}

/** Whether every change to `doc` reaches the listeners (the runtime installed tracking for it). */
export function isTracking(doc: Document): boolean {
  adoptPendingShadowRoots();
  return !!observer && observedRoots.has(doc);
}

/** Deliver the records the observer holds but has not delivered yet (changes made in this task). */
export function flushMutationRecords(): void {
  if (!observer) return;
  const pending = apply(takeRecordsFn, observer, []) as MutationRecord[];
  if (pending.length) onRecords(pending);
}

export function onMutationRecords(listener: RecordListener): () => void {
  return recordListeners.add(listener);
}

export function onStructureChange(listener: StructureListener): () => void {
  return structureListeners.add(listener);
}

/**
 * Pick up shadow roots attached to elements that were already in the document (custom element
 * upgrades): attaching a shadow root produces no mutation record. With attachShadow wrapped, every
 * root since install came through the wrapper, and the roots from before it (or from the parser)
 * are looked for once; otherwise each call costs one pass over the DOM.
 */
export function rescanShadowRoots(): void {
  if (!observer) installMutationTracking();
  if (attachWatched) { adoptPendingShadowRoots(); return; }
  shadowScanPending = false;
  if (typeof document !== 'undefined') adoptShadowRoots(document);
}

export function onMutation(listener: MutationListener): () => void {
  return listeners.add(listener);
}

/** Number of mutation batches (observer callbacks) delivered in [from, to]. */
export function batchesBetween(from: number, to: number): number {
  let count = 0;
  for (let i = 0; i < batchTimes.length; i++) {
    const t = batchTimes[i];
    if (t >= from && t <= to) count++;
  }
  return count;
}

export function lastMutationAt(): number {
  return parsing ? now() : lastBatchAt;
}
