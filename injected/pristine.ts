// Page code cannot break the runtime: a page may replace built-ins after load
// (`Array.prototype.push`, `Map`, `Element.prototype.getAttribute`, `JSON.stringify`...).
// The runtime is injected before any page script, so at install time every built-in is still
// the browser's own. We record those property descriptors, and around each synchronous runtime
// call we put back any the page has replaced, then restore the page's versions afterwards.
// No page code runs in between (the call is synchronous), so the page never observes the swap.
//
// Only the properties the full runtime can touch are recorded: reading a DOM property's
// descriptor makes the browser create its accessor function, and recording all ~1,800 of the
// listed built-ins' properties cost ~5 ms per document, ten times the early runtime's whole
// budget. build.mjs lists every property name the full bundle spells (`.name`, `name:`, "name")
// and defines it here; the names JavaScript itself looks up behind the code's back are added.

type Saved = { target: object; key: PropertyKey; descriptor: PropertyDescriptor };

/** Property names the full runtime's bundle spells; build.mjs defines it (undefined: record all). */
declare const __ARIAREF_RUNTIME_PROPERTY_NAMES__: string[] | undefined;
/** Looked up by the language itself: iteration, await, coercion, calls, spreads. */
const IMPLICIT_NAMES = ['next', 'done', 'value', 'then', 'constructor', 'prototype', 'length', 'toString', 'valueOf', 'toJSON', 'call', 'apply', 'bind', 'get', 'set', 'has', 'add', 'delete'];
const usedNames: Set<PropertyKey> | undefined = typeof __ARIAREF_RUNTIME_PROPERTY_NAMES__ === 'undefined'
  ? undefined
  : new Set<PropertyKey>([...__ARIAREF_RUNTIME_PROPERTY_NAMES__, ...IMPLICIT_NAMES]);

// Captured once: calling these captured functions directly goes through no prototype lookups.
const getOwnDescriptor = Object.getOwnPropertyDescriptor;
const defineProperty = Object.defineProperty;
const ownKeys = Reflect.ownKeys;
const getPrototypeOf = Object.getPrototypeOf;

const globalNames = [
  'Object', 'Array', 'Map', 'Set', 'WeakMap', 'WeakSet', 'String', 'Number', 'Boolean', 'Symbol',
  'RegExp', 'JSON', 'Math', 'Reflect', 'Error', 'TypeError', 'Promise', 'Date', 'Function',
  'parseInt', 'parseFloat', 'isNaN', 'isFinite', 'MutationObserver', 'getComputedStyle',
  'Node', 'Element', 'HTMLElement', 'Document', 'DocumentFragment', 'ShadowRoot', 'Text', 'CharacterData',
  'HTMLInputElement', 'HTMLSelectElement', 'HTMLTextAreaElement', 'HTMLOptionElement', 'HTMLSlotElement',
  'HTMLLabelElement', 'HTMLImageElement', 'HTMLAnchorElement', 'HTMLIFrameElement', 'HTMLTableElement',
  'HTMLDialogElement', 'HTMLDetailsElement', 'HTMLFieldSetElement', 'HTMLButtonElement', 'HTMLOutputElement',
  'HTMLMeterElement', 'HTMLProgressElement', 'HTMLTemplateElement', 'HTMLFormElement', 'SVGElement',
  'CSSStyleDeclaration', 'DOMRect', 'DOMRectReadOnly', 'NodeList', 'HTMLCollection', 'NamedNodeMap',
  'Window', 'EventTarget', 'Performance',
];

let saved: Saved[] | undefined;

function recordAll(target: object | null | undefined, into: Saved[], seen: Set<object>): void {
  if (!target || seen.has(target)) return;
  seen.add(target);
  for (const key of ownKeys(target)) {
    // Symbols (Symbol.iterator, Symbol.toPrimitive...) are few and all implicit: always kept.
    if (usedNames && typeof key === 'string' && !usedNames.has(key)) continue;
    const descriptor = getOwnDescriptor(target, key);
    // Non-configurable properties cannot be replaced by the page either.
    if (descriptor && descriptor.configurable) into[into.length] = { target, key, descriptor };
  }
}

/** Record the pristine built-ins. Call once, as early as possible (at install). */
export function capturePristineBuiltins(): void {
  if (saved) return;
  const g = globalThis as any;
  const list: Saved[] = [];
  const seen = new Set<object>();
  for (const name of globalNames) {
    const descriptor = getOwnDescriptor(g, name);
    if (descriptor && descriptor.configurable) list[list.length] = { target: g, key: name, descriptor };
    const value = g[name];
    if (typeof value === 'function' || (typeof value === 'object' && value)) {
      recordAll(value, list, seen);
      if (typeof value === 'function') recordAll(value.prototype, list, seen);
    }
  }
  // Iterators drive for..of and spread over our own arrays, maps and strings.
  recordAll(getPrototypeOf([][Symbol.iterator]()), list, seen);
  recordAll(getPrototypeOf(new Map()[Symbol.iterator]()), list, seen);
  recordAll(getPrototypeOf(new Set()[Symbol.iterator]()), list, seen);
  recordAll(getPrototypeOf(''[Symbol.iterator]()), list, seen);
  recordAll(getPrototypeOf(getPrototypeOf([][Symbol.iterator]())), list, seen);
  saved = list;
}

function sameDescriptor(a: PropertyDescriptor | undefined, b: PropertyDescriptor): boolean {
  return !!a && a.value === b.value && a.get === b.get && a.set === b.set;
}

/**
 * Run `fn` with the browser's own built-ins in place, restoring whatever the page had installed
 * afterwards. Cheap when nothing was replaced (one descriptor comparison per recorded property).
 */
export function withPristineBuiltins<T>(fn: () => T): T {
  if (!saved) return fn();
  const restore: Array<{ target: object; key: PropertyKey; descriptor: PropertyDescriptor | undefined }> = [];
  for (let i = 0; i < saved.length; i++) {
    const entry = saved[i];
    const current = getOwnDescriptor(entry.target, entry.key);
    if (sameDescriptor(current, entry.descriptor)) continue;
    if (current && !current.configurable) continue; // the page locked it; nothing we can do
    try {
      defineProperty(entry.target, entry.key, entry.descriptor);
      restore[restore.length] = { target: entry.target, key: entry.key, descriptor: current };
    } catch {
      // A frozen prototype: leave it.
    }
  }
  try {
    return fn();
  } finally {
    for (let i = restore.length - 1; i >= 0; i--) {
      const { target, key, descriptor } = restore[i];
      try {
        if (descriptor) defineProperty(target, key, descriptor);
        else delete (target as any)[key];
      } catch {
        // Ignore: the page's own replacement is its business.
      }
    }
  }
}
