// Ref minting and resolution for one document.
//
// A ref names an element for as long as the element keeps its role and name. The registry's own
// maps say which ref an element has: nothing is stored on the element (Playwright's `_ariaRef`
// property costs an object per element, and the page can read, copy or trap it). Refs are `${prefix}e${n}` with n from a per-document counter that the
// driver floors with `seed`, so a ref never repeats within a tab across navigations.
// Refs whose elements left (removed, or renamed so a new ref took over) are remembered, boundedly,
// with their role, name and the last snapshot that saw them, so an error can say what happened.
import type { RefCheck, RefCheckOptions } from '../types';
import { disabledReason, hiddenReason } from './actionable';

interface Entry { element: Element; role: string; name: string; seenAt: number }

/** A ref whose element left: removed from the document, or renamed (a new ref took its place). */
interface Departed { role: string; name: string; seenAt: number; now?: { role: string; name: string; ref: string } }

/** How many departed refs are remembered (oldest forgotten first): enough for any agent's context. */
const MAX_DEPARTED = 2000;

const now = Date.now;

/** `button "Save"`, or the role alone when it has no name. */
function label(role: string, name: string): string {
  return name ? `${role} ${JSON.stringify(name)}` : role;
}

/** HH:MM:SS in the page's local time. */
function clock(ms: number): string {
  const date = new Date(ms);
  const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

export class RefRegistry {
  private counter = 0;
  private prefix = '';
  private snapshotTaken = false;
  private readonly byRef = new Map<string, Entry>();
  private readonly byElement = new Map<Element, string>();
  private readonly departed = new Map<string, Departed>();
  private version = 0;
  /** Role and name of an element now, as a snapshot would give them (set by the snapshot runtime). */
  private describe: ((element: Element) => { role: string; name: string } | undefined) | undefined;

  /** How checks with `live` compute an element's current role and name. */
  setDescriber(describe: (element: Element) => { role: string; name: string } | undefined): void {
    this.describe = describe;
  }

  /** Start of a snapshot pass: apply the driver's prefix and counter floor, move removed elements to the departed. */
  beginSnapshot(prefix: string | undefined, seed: number | undefined): void {
    this.configure(prefix, seed);
    this.snapshotTaken = true;
    const at = now();
    for (const [ref, entry] of this.byRef) {
      if (entry.element.isConnected) { entry.seenAt = at; continue; }
      this.version++;
      this.byRef.delete(ref);
      if (this.byElement.get(entry.element) === ref) this.byElement.delete(entry.element);
      this.depart(ref, { role: entry.role, name: entry.name, seenAt: entry.seenAt });
    }
  }

  /** Apply prefix/seed without starting a snapshot (refFor before any snapshot). */
  configure(prefix: string | undefined, seed: number | undefined): void {
    if (prefix !== undefined) this.prefix = prefix;
    if (typeof seed === 'number' && Number.isFinite(seed)) this.counter = Math.max(this.counter, Math.floor(seed));
  }

  get lastRef(): number {
    return this.counter;
  }

  /**
   * Grows whenever a ref stops naming its element (the element left, or took a new ref): refs
   * that all held at one version still hold while the version stays (incremental/snapshots.ts).
   */
  get refsVersion(): number {
    return this.version;
  }

  /** The element's ref for this role and name: the cached one when still ours, else a new one. */
  refFor(element: Element, role: string, name: string): string {
    const previous = this.byElement.get(element);
    const old = previous !== undefined ? this.byRef.get(previous) : undefined;
    if (old && old.element === element && old.role === role && old.name === name && this.isOwnRef(previous)) return previous!;
    const ref = `${this.prefix}e${++this.counter}`;
    if (previous !== undefined) this.version++;
    // The element's previous ref (role or name changed) stops resolving: it described something else.
    if (previous !== undefined && old?.element === element) {
      this.byRef.delete(previous);
      this.depart(previous, { role: old.role, name: old.name, seenAt: old.seenAt, now: { role, name, ref } });
    }
    this.byRef.set(ref, { element, role, name, seenAt: now() });
    this.byElement.set(element, ref);
    return ref;
  }

  /** Whether `ref` still names its element: it resolves, and no newer ref took the element over. */
  holds(ref: string): boolean {
    const entry = this.byRef.get(ref);
    return !!entry && this.byElement.get(entry.element) === ref;
  }

  /** The ref already assigned to the element (by a snapshot or refFor), if any. */
  existingRef(element: Element): string | undefined {
    return this.byElement.get(element);
  }

  /**
   * null when the ref resolves to a connected element; otherwise the actionable error. With
   * `live`, an element whose name changed since its snapshot fails as renamed; `visible`
   * and `enabled` fail for display:none / visibility:hidden and disabled elements, naming why.
   */
  check(ref: string, options: RefCheckOptions = {}): RefCheck {
    const entry = this.byRef.get(ref);
    if (!entry) {
      if (!this.snapshotTaken)
        return { kind: 'no-snapshot', error: `No snapshot has been taken in this page yet, so ref ${ref} cannot be resolved. Take a snapshot first.` };
      const gone = this.departed.get(ref);
      if (gone?.now) {
        const current = this.byRef.get(gone.now.ref);
        const where = current && current.element.isConnected ? ` [ref=${gone.now.ref}]. Act on ${gone.now.ref} if it is still the element you want, or take a new snapshot.` : '. Take a new snapshot.';
        return { kind: 'renamed', role: gone.role, name: gone.name, seenAt: gone.seenAt,
          error: `Ref ${ref} was ${label(gone.role, gone.name)}, is now ${label(gone.now.role, gone.now.name)}${where}` };
      }
      if (gone) return this.removed(ref, gone);
      return { kind: 'unknown', error: `Ref ${ref} not found in the current page snapshot. Try capturing new snapshot.` };
    }
    if (!entry.element.isConnected) return this.removed(ref, entry);
    // A hidden element's name loses its hidden content: judge the name only while it is shown.
    const hidden = options.live || options.visible ? hiddenReason(entry.element) : undefined;
    if (hidden && options.visible)
      return { kind: 'hidden', role: entry.role, name: entry.name, seenAt: entry.seenAt,
        error: `Ref ${ref} (${label(entry.role, entry.name)}) is not visible now (${hidden}). Show it first (open its tab, menu or step), take a new snapshot, then retry.` };
    if (options.live && !hidden && this.describe && entry.role !== 'generic' && entry.role !== 'iframe') {
      // The name alone: a role computed outside the tree walk may differ in context (the walk's
      // refinements), and a false "renamed" would refuse a sound action.
      const current = this.describe(entry.element);
      if (current && current.name !== entry.name)
        return { kind: 'renamed', role: entry.role, name: entry.name, seenAt: entry.seenAt,
          error: `Ref ${ref} was ${label(entry.role, entry.name)}, is now ${label(entry.role, current.name)}. Take a new snapshot and use the element's new ref.` };
    }
    if (options.enabled) {
      const why = disabledReason(entry.element);
      if (why) return { kind: 'disabled', role: entry.role, name: entry.name, seenAt: entry.seenAt,
        error: `Ref ${ref} (${label(entry.role, entry.name)}) is disabled now (${why}). Complete what the form needs first, take a new snapshot, then retry.` };
    }
    return null;
  }

  resolve(ref: string): Element {
    const problem = this.check(ref);
    if (problem) throw new Error(problem.error);
    return this.byRef.get(ref)!.element;
  }

  /** Number of live ref entries (both maps), for tests of their consistency. */
  debugMaps(): { byRef: Map<string, Element>; byElement: Map<Element, string> } {
    const byRef = new Map<string, Element>();
    for (const [ref, entry] of this.byRef) byRef.set(ref, entry.element);
    return { byRef, byElement: new Map(this.byElement) };
  }

  private removed(ref: string, what: { role: string; name: string; seenAt: number }): RefCheck {
    return { kind: 'removed', role: what.role, name: what.name, seenAt: what.seenAt,
      error: `Ref ${ref} (${label(what.role, what.name)}) no longer exists: it was removed after the snapshot of ${clock(what.seenAt)}. Take a new snapshot.` };
  }

  private depart(ref: string, departed: Departed): void {
    this.departed.delete(ref);
    this.departed.set(ref, departed);
    if (this.departed.size > MAX_DEPARTED) {
      const oldest = this.departed.keys().next().value;
      if (oldest !== undefined) this.departed.delete(oldest);
    }
  }

  private isOwnRef(ref: unknown): ref is string {
    return typeof ref === 'string' && ref.startsWith(`${this.prefix}e`) && /^\d+$/.test(ref.slice(this.prefix.length + 1));
  }
}
