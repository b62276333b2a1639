// Shadow roots as they are attached, through the runtime's one wrapper of `attachShadow`. The init
// script runs before page scripts, so the wrapper sees every root made in this document by script
// (the parser's declarative roots are found by a pass over the document: wait/mutations.ts).
//  - Closed roots are kept privately. A closed root is invisible to page code (`host.shadowRoot`
//    is null, slotted nodes' `assignedSlot` is null), yet it is what the user sees: payment widgets
//    and some design systems render everything in one. They are held in a WeakMap (no strong
//    reference, never reachable from the page) and walked like open ones.
//  - The mutation tracker hears of every root (attaching one makes no mutation record).
//  - Each root gets a capturing submit listener (see onSubmitInShadowRoot).
import { listen } from '../wait/timing';

const closedRoots = new WeakMap<Element, ShadowRoot>();
/** Closed roots ever attached: while 0 (most pages), every lookup answers at once. */
let closedCount = 0;
let installed = false;
/** The wrapper is in place: no root attached by script since install goes unseen. */
let wrapped = false;
// The wrapper runs inside page calls, outside the runtime's pristine-built-ins guard: it uses only
// functions captured at install, so a page replacing WeakMap.prototype.set or Function.prototype.call
// can neither see the roots nor break attachShadow.
const apply = Reflect.apply;
const weakMapSet = WeakMap.prototype.set;
const shadowRootGetter = (globalThis as any).Element
  ? Object.getOwnPropertyDescriptor((globalThis as any).Element.prototype, 'shadowRoot')?.get : undefined;

type RootListener = (host: Element, root: ShadowRoot) => void;
let rootAttached: RootListener | undefined;

/**
 * The one listener for every root attached from now on (the mutation tracker). Installs the wrapper
 * if it is not yet; answers whether it is in place.
 */
export function onShadowRootAttached(listener: RootListener): boolean {
  installClosedShadowTracking();
  rootAttached = listener;
  return wrapped;
}

// A submit event is not composed: one fired by a form inside a shadow root ends at that root, and
// the document's listener never hears it (wait/leaving.ts). Each root attached here gets a
// capturing listener at once, which hands the event to the watcher once there is one.
let submitInShadowRoot: ((event: Event) => void) | undefined;
const forwardSubmit = (event: Event) => { if (submitInShadowRoot) submitInShadowRoot(event); };

/** Where submit events of forms inside shadow roots (attached after install, open or closed) go. */
export function onSubmitInShadowRoot(listener: (event: Event) => void): void {
  submitInShadowRoot = listener;
}

/** Wrap `Element.prototype.attachShadow`, once: before any page script can attach a root or replace it. */
export function installClosedShadowTracking(): void {
  if (installed) return;
  installed = true;
  const proto = (globalThis as any).Element?.prototype;
  const attach = proto?.attachShadow;
  if (typeof attach !== 'function') return;
  const wrapper = function attachShadow(this: Element, init: ShadowRootInit): ShadowRoot {
    const root = apply(attach, this, [init]) as ShadowRoot;
    if (!root) return root;
    const open = shadowRootGetter ? apply(shadowRootGetter, this, []) : (this as Element).shadowRoot;
    if (open !== root) { apply(weakMapSet, closedRoots, [this, root]); closedCount++; }
    listen(root, 'submit', forwardSubmit, true);
    if (rootAttached) {
      try { rootAttached(this, root); } catch { /* the page's call must not fail for our bookkeeping */ }
    }
    return root;
  };
  try {
    Object.defineProperty(proto, 'attachShadow', { ...Object.getOwnPropertyDescriptor(proto, 'attachShadow'), value: wrapper });
    wrapped = true;
  } catch { /* locked by an earlier script: closed roots stay opaque */ }
}

/** The element's shadow root, open or closed (closed ones only when attached after install). */
export function shadowRootOf(element: Element): ShadowRoot | null {
  return element.shadowRoot ?? (closedCount ? closedRoots.get(element) ?? null : null);
}

/** Whether `element` hosts a closed root the runtime knows. */
export function hasClosedShadowRoot(element: Element): boolean {
  return closedCount > 0 && closedRoots.has(element);
}

/**
 * The slot a light-DOM child is assigned to, for closed hosts too (where `assignedSlot` says null).
 * Closed hosts are rare and have few slots: the slots of the root are asked directly.
 */
export function assignedSlotOf(node: Element | Text): HTMLSlotElement | null {
  const slot = (node as Element).assignedSlot;
  if (slot || !closedCount) return slot ?? null;
  const parent = node.parentElement;
  if (!parent) return null;
  const root = closedRoots.get(parent);
  if (!root) return null;
  const slots = root.querySelectorAll('slot');
  for (let i = 0; i < slots.length; i++) {
    const candidate = slots[i] as HTMLSlotElement;
    if (typeof candidate.assignedNodes === 'function' && candidate.assignedNodes().includes(node)) return candidate;
  }
  return null;
}
