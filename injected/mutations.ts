// One always-on MutationObserver per document, shadow roots included, installed with the runtime.
// It keeps a short history of when the page changed, which lets the driver tell a page that was
// already churning before an action (tickers, clocks, animations) from one the action disturbed.
import { NativeMutationObserver, now, observe } from './timing';

export type MutationListener = (records: number, at: number) => void;

// Batch timestamps kept: the churn check looks one second back, 256 covers that up to 250 Hz.
const HISTORY = 256;
const INIT: MutationObserverInit = { childList: true, subtree: true, attributes: true, characterData: true };

let observer: MutationObserver | undefined;
const observedRoots = new WeakSet<Node>();
const listeners = new Set<MutationListener>();
const batchTimes: number[] = [];
let batchCursor = 0;
let lastBatchAt = -Infinity;
let totalRecords = 0;

function observeRoot(root: Node): void {
  if (!observer || observedRoots.has(root)) return;
  observedRoots.add(root);
  try { observe(observer, root, INIT); } catch { /* a detached or exotic root: nothing to watch */ }
}

/** Observe every open shadow root below `node` (inclusive). */
function adoptShadowRoots(node: Node): void {
  if (node.nodeType !== 1 && node.nodeType !== 11 && node.nodeType !== 9) return;
  const start = node as Element | DocumentFragment | Document;
  const own = (start as Element).shadowRoot;
  if (own) { observeRoot(own); adoptShadowRoots(own); }
  if (typeof (start as ParentNode).querySelectorAll !== 'function') return;
  // querySelectorAll('*') does not enter shadow trees: recurse into each one found.
  const all = (start as ParentNode).querySelectorAll('*');
  for (let i = 0; i < all.length; i++) {
    const root = all[i].shadowRoot;
    if (root && !observedRoots.has(root)) { observeRoot(root); adoptShadowRoots(root); }
  }
}

function onRecords(records: MutationRecord[]): void {
  const at = now();
  lastBatchAt = at;
  totalRecords += records.length;
  batchTimes[batchCursor] = at;
  batchCursor = (batchCursor + 1) % HISTORY;
  for (const record of records) {
    const added = record.addedNodes;
    for (let i = 0; i < added.length; i++) {
      const node = added[i];
      // Only elements can carry shadow roots; skip the text-node churn of tickers cheaply.
      if (node.nodeType === 1) adoptShadowRoots(node);
    }
  }
  for (const listener of listeners) {
    try { listener(records.length, at); } catch { /* a listener bug must not break the observer */ }
  }
}

/** Start observing the document. Idempotent; call at runtime install. */
export function installMutationTracking(): void {
  if (observer || typeof document === 'undefined') return;
  observer = new NativeMutationObserver(onRecords);
  observeRoot(document);
}

/**
 * Pick up shadow roots attached to elements that were already in the document (custom element
 * upgrades): attaching a shadow root produces no mutation record. Cost: one pass over the DOM.
 */
export function rescanShadowRoots(): void {
  if (!observer) installMutationTracking();
  if (typeof document !== 'undefined') adoptShadowRoots(document);
}

export function onMutation(listener: MutationListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
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
  return lastBatchAt;
}

export function mutationRecordsSoFar(): number {
  return totalRecords;
}
