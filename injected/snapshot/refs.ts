// Ref minting and resolution for one document.
//
// A ref names an element for as long as the element keeps its role and name. Each element caches
// `_ariaRef = {role, name, ref}` (non-enumerable, like Playwright's), but the cache is only a hint:
// the page can read and copy it, so a cached ref is reused only when our own ref->element map still
// points at this very element. Refs are `${prefix}e${n}` with n from a per-document counter that the
// driver floors with `seed`, so a ref never repeats within a tab across navigations.
import type { RefCheck } from '../types';

interface AriaRef { role: string; name: string; ref: string }

interface Entry { element: Element; role: string; name: string }

const getOwnDescriptor = Object.getOwnPropertyDescriptor;
const defineProperty = Object.defineProperty;

export class RefRegistry {
  private counter = 0;
  private prefix = '';
  private snapshotTaken = false;
  private readonly byRef = new Map<string, Entry>();
  private readonly byElement = new Map<Element, string>();

  /** Start of a snapshot pass: apply the driver's prefix and counter floor, forget removed elements. */
  beginSnapshot(prefix: string | undefined, seed: number | undefined): void {
    this.configure(prefix, seed);
    this.snapshotTaken = true;
    for (const [ref, entry] of this.byRef) {
      if (entry.element.isConnected) continue;
      this.byRef.delete(ref);
      if (this.byElement.get(entry.element) === ref) this.byElement.delete(entry.element);
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

  /** The element's ref for this role and name: the cached one when still ours, else a new one. */
  refFor(element: Element, role: string, name: string): string {
    const cached = readCachedRef(element);
    if (cached && cached.role === role && cached.name === name && this.byRef.get(cached.ref)?.element === element
      && this.isOwnRef(cached.ref)) {
      this.byElement.set(element, cached.ref);
      return cached.ref;
    }
    const ref = `${this.prefix}e${++this.counter}`;
    // The element's previous ref (role or name changed) stops resolving: it described something else.
    const previous = this.byElement.get(element);
    if (previous !== undefined && this.byRef.get(previous)?.element === element) this.byRef.delete(previous);
    this.byRef.set(ref, { element, role, name });
    this.byElement.set(element, ref);
    writeCachedRef(element, { role, name, ref });
    return ref;
  }

  /** The ref already assigned to the element (by a snapshot or refFor), if any. */
  existingRef(element: Element): string | undefined {
    return this.byElement.get(element);
  }

  /** null when the ref resolves to a connected element; otherwise the actionable error. */
  check(ref: string): RefCheck {
    const entry = this.byRef.get(ref);
    if (!entry) {
      if (!this.snapshotTaken)
        return { kind: 'no-snapshot', error: `No snapshot has been taken in this page yet, so ref ${ref} cannot be resolved. Take a snapshot first.` };
      return { kind: 'unknown', error: `Ref ${ref} not found in the current page snapshot. Take a new snapshot.` };
    }
    if (!entry.element.isConnected) {
      const label = entry.name ? `${entry.role} ${JSON.stringify(entry.name)}` : entry.role;
      return { kind: 'removed', error: `Ref ${ref} (${label}) no longer exists on the page: it was removed after the snapshot. Take a new snapshot.` };
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

  private isOwnRef(ref: unknown): ref is string {
    return typeof ref === 'string' && ref.startsWith(`${this.prefix}e`) && /^\d+$/.test(ref.slice(this.prefix.length + 1));
  }
}

/** The element's own `_ariaRef` data property, read without running any getter a page installed. */
function readCachedRef(element: Element): AriaRef | undefined {
  try {
    const value = dataValue(element, '_ariaRef');
    if (!value || typeof value !== 'object') return undefined;
    const role = dataValue(value, 'role');
    const name = dataValue(value, 'name');
    const ref = dataValue(value, 'ref');
    if (typeof role !== 'string' || typeof name !== 'string' || typeof ref !== 'string') return undefined;
    return { role, name, ref };
  } catch {
    return undefined; // a Proxy or exotic object: ignore it
  }
}

function dataValue(target: object, key: string): unknown {
  const descriptor = getOwnDescriptor(target, key);
  return descriptor && 'value' in descriptor ? descriptor.value : undefined;
}

function writeCachedRef(element: Element, value: AriaRef): void {
  try {
    defineProperty(element, '_ariaRef', { value, enumerable: false, configurable: true, writable: true });
  } catch {
    // The page locked the property: the maps alone still resolve refs correctly.
  }
}
