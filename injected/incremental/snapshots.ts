// Incremental snapshots: a repeated snapshot reuses, element by element, what the previous pass
// produced for subtrees in which nothing changed, so its output is exactly a full recompute's.
//
// - dirty.ts turns mutation records into marks (dirty subtrees, tainted ancestors);
// - watch.ts catches what records miss (sheets, viewport, control state, focus...);
// - this file keeps each element's output from the last pass (the items it added to its parent's
//   node: its own node, or its text and its children's nodes when it collapses) and hands it back
//   to the tree walk (snapshot/tree.ts) when the element is clean.
//
// Refs are checked on reuse: each reused node's ref must still be the registry's ref for its
// element, or the element is recomputed. The registry changes an element's ref only when asked for
// it with another role or name: in a pass (the element changed, so it is not reused) or through
// runtime.refFor(), which invalidates everything when it does (snapshot/runtime.ts). Refs are never
// reused for another element, so the registry alone tells whether a node's ref still holds.
// The walk over a reused subtree's refs runs only when the registry's refs version moved since
// they were last known to hold: a page that did not change is not walked at all.
//
// Storage: each element's entry sits in a symbol-keyed property rather than a WeakMap: tens of
// thousands of WeakMap entries make every garbage collection of the page slower (ephemeron
// tables). A generation number invalidates them all at once.
import type { AriaNode, SnapshotOptions } from '../types';
import type { RefRegistry } from '../snapshot/refs';
import { DirtyTracker } from './dirty';
import { PageWatch } from './watch';
import { flushMutationRecords, isTracking, onMutationRecords, onStructureChange } from '../wait/mutations';

/** An item of a node's raw content: a node, a text run, or a line break (null). */
export type RawItem = AriaNode | string | null;

/** What the tree walk asks while it walks. */
export interface WalkReuse {
  /** Whether the walk's first element sits in a dirty subtree (an ancestor changed). */
  rootIsDirty(root: Element): boolean;
  isDirtyRoot(element: Element): boolean;
  /** The element's items from the last pass, when they are still exactly right; else undefined. */
  reuse(element: Element, textVisible: boolean, inTextarea: boolean): RawItem[] | undefined;
  store(element: Element, items: RawItem[], textVisible: boolean, inTextarea: boolean): void;
  /** aria-owns re-parents across subtrees: stop reusing (restarts the pass when it already did). */
  ownersFound(): void;
}

/** Thrown by a pass that must start over as a full one. */
export class RestartPass extends Error {}

export interface IncrementalInfo {
  mode: 'full' | 'partial' | 'off';
  /** Why the pass was full ('' for partial passes). */
  reason: string;
  /** Elements whose output was reused (their subtrees were not walked). */
  reused: number;
  /** This pass kept its output for the next one (its nodes may be shared with later trees). */
  kept: boolean;
}

/** `refsAt`: the registry's refs version at which every ref in `items` was known to hold. */
interface Entry { items: RawItem[]; key: number; generation: number; refsAt: number }

interface CacheKey { root: WeakRef<Element> | Element; keepRoot: boolean; verbose: boolean; prefix: string }

export class IncrementalSnapshots {
  private readonly tracker = new DirtyTracker();
  private watch: PageWatch | undefined;
  private readonly entryKey = Symbol('ariaref.incremental');
  private generation = 0;
  private key: CacheKey | undefined;
  private subscribed = false;
  info: IncrementalInfo = { mode: 'off', reason: 'no snapshot yet', reused: 0, kept: false };

  constructor(private readonly doc: Document) {}

  /** Starts a pass: undefined when this pass neither reuses nor stores (then the walk is a plain one). */
  begin(root: Element, options: SnapshotOptions, keepRoot: boolean, refs: RefRegistry): Pass | undefined {
    if (!this.subscribe()) return this.off('changes are not tracked in this document');
    // Boxes are read fresh every time; such a pass leaves the marks for the next plain one.
    if (options.boxes) return this.off('boxes are always recomputed');
    // A forced full recompute leaves the cache and the marks as they were (tests compare the two).
    if (options.incremental === false) return this.off('incremental: false');
    flushMutationRecords();
    this.tracker.drain();
    const always = this.watch!.check();
    const key: CacheKey = { root: weakRef(root), keepRoot, verbose: !!options.verbose, prefix: String(options.prefix ?? this.key?.prefix ?? '') };
    const sameKey = !!this.key && sameCacheKey(this.key, key);
    const reason = always || (!sameKey ? 'new options or root' : this.tracker.reason);
    if (reason) {
      this.generation++;
    }
    this.key = key;
    const pass = new Pass(this, this.tracker, refs, !reason, !always);
    this.info = { mode: reason ? 'full' : 'partial', reason, reused: 0, kept: !always };
    return pass;
  }

  /** After the walk. `ok` false: the pass failed, nothing it stored may be trusted. */
  end(pass: Pass | undefined, ok: boolean): void {
    if (!pass) return;
    this.info.reused = pass.reusedCount;
    if (pass.dropped) this.info.kept = false;
    if (!ok || pass.dropped) {
      this.generation++;
      this.tracker.reset();
      this.tracker.invalidateAll(ok ? 'aria-owns in the page' : 'the last pass failed');
      return;
    }
    this.tracker.reset();
  }

  /** For a restarted pass: the same pass, reusing nothing. */
  restart(pass: Pass, refs: RefRegistry): Pass {
    this.info = { mode: 'full', reason: 'aria-owns found while reusing', reused: 0, kept: false };
    this.generation++;
    const next = new Pass(this, this.tracker, refs, false, false);
    next.dropped = pass.dropped;
    return next;
  }

  entryOf(element: Element): Entry | undefined {
    const entry = (element as unknown as Record<symbol, Entry | undefined>)[this.entryKey];
    return entry && entry.generation === this.generation ? entry : undefined;
  }

  setEntry(element: Element, items: RawItem[], key: number, refsAt: number): void {
    try {
      (element as unknown as Record<symbol, Entry>)[this.entryKey] = { items, key, generation: this.generation, refsAt };
    } catch { /* a frozen or exotic element: it is simply recomputed */ }
  }

  /** Nothing of the last pass may be reused at the next one. */
  invalidateAll(reason: string): void {
    this.tracker.invalidateAll(reason);
  }

  private off(reason: string): undefined {
    this.info = { mode: 'off', reason, reused: 0, kept: false };
    return undefined;
  }

  private subscribe(): boolean {
    if (this.subscribed) return true;
    if (!isTracking(this.doc)) return false;
    this.subscribed = true;
    onMutationRecords(records => this.tracker.queue(records));
    onStructureChange(host => host ? this.tracker.queue(null, host) : this.tracker.invalidateAll('custom element defined'));
    this.watch = new PageWatch(this.doc, this.tracker);
    return true;
  }
}

export class Pass implements WalkReuse {
  reusedCount = 0;
  /** aria-owns met: nothing of this pass is kept. */
  dropped = false;

  constructor(
    private readonly cache: IncrementalSnapshots,
    private readonly tracker: DirtyTracker,
    private readonly refs: RefRegistry,
    private reuseAllowed: boolean,
    private storeAllowed: boolean,
  ) {}

  rootIsDirty(root: Element): boolean {
    return this.reuseAllowed && this.tracker.isInDirtySubtree(root);
  }

  isDirtyRoot(element: Element): boolean {
    return this.tracker.isDirtyRoot(element);
  }

  reuse(element: Element, textVisible: boolean, inTextarea: boolean): RawItem[] | undefined {
    if (!this.reuseAllowed || this.tracker.isTainted(element)) return undefined;
    const entry = this.cache.entryOf(element);
    if (!entry || entry.key !== keyOf(textVisible, inTextarea)) return undefined;
    // Walked only when some ref changed since they were last known to hold (a page that did not change skips it).
    const refsAt = this.refs.refsVersion;
    if (entry.refsAt !== refsAt) {
      if (!this.refsStillHold(entry.items)) return undefined;
      entry.refsAt = refsAt;
    }
    this.reusedCount++;
    return entry.items;
  }

  store(element: Element, items: RawItem[], textVisible: boolean, inTextarea: boolean): void {
    if (this.storeAllowed) this.cache.setEntry(element, items, keyOf(textVisible, inTextarea), this.refs.refsVersion);
  }

  ownersFound(): void {
    this.dropped = true;
    this.storeAllowed = false;
    const reused = this.reusedCount > 0;
    this.reuseAllowed = false;
    if (reused) throw new RestartPass('aria-owns found after reusing subtrees');
  }

  /** Whether each reused ref is still the registry's ref for its element. */
  private refsStillHold(items: RawItem[]): boolean {
    const stack: AriaNode[] = [];
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i];
      if (item && typeof item !== 'string') stack.push(item);
    }
    while (stack.length) {
      const node = stack.pop()!;
      if (node.ref !== undefined && !this.refs.holds(node.ref)) return false;
      for (let i = node.children.length - 1; i >= 0; i--) {
        const child = node.children[i];
        if (typeof child !== 'string') stack.push(child);
      }
    }
    return true;
  }
}

function keyOf(textVisible: boolean, inTextarea: boolean): number {
  return (textVisible ? 1 : 0) | (inTextarea ? 2 : 0);
}

function weakRef(element: Element): WeakRef<Element> | Element {
  return typeof WeakRef === 'function' ? new WeakRef(element) : element;
}

function sameCacheKey(a: CacheKey, b: CacheKey): boolean {
  const rootA = derefElement(a.root);
  const rootB = derefElement(b.root);
  return !!rootA && rootA === rootB && a.keepRoot === b.keepRoot && a.verbose === b.verbose && a.prefix === b.prefix;
}

function derefElement(ref: WeakRef<Element> | Element): Element | undefined {
  return typeof (ref as WeakRef<Element>).deref === 'function' ? (ref as WeakRef<Element>).deref() : ref as Element;
}
