// The contract between the browser runtime (injected/) and the Node driver (driver/).
// Everything crossing page.evaluate is plain JSON built from these shapes.

/** A node of the snapshot tree. Text runs are plain strings among `children`. */
export interface AriaNode {
  role: string;                 // ARIA role ('generic' kept only in verbose mode), or 'iframe' for frame placeholders
  name: string;                 // accessible name ('' when none)
  ref?: string;                 // e.g. 'e5' or 'f2e7' (prefix supplied by the driver)
  description?: string;         // accessible description (always in JSON; YAML shows it on controls)
  checked?: boolean | 'mixed';
  disabled?: boolean;
  expanded?: boolean;
  pressed?: boolean | 'mixed';
  selected?: boolean;
  level?: number;
  invalid?: boolean | string;   // true, or 'grammar' / 'spelling'
  active?: boolean;             // the focused element
  url?: string;                 // links: resolved href
  placeholder?: string;
  value?: string;               // textbox/combobox/slider/spinbutton current value ('••••' style mask never: see passwordValue)
  hasValue?: boolean;           // password fields: a value exists, the value itself is never emitted
  box?: { x: number; y: number; width: number; height: number };  // viewport CSS px, only with `boxes`
  cursorPointer?: boolean;      // internal hint used by the renderer ([cursor=pointer])
  children: Array<AriaNode | string>;
}

export interface SnapshotOptions {
  /** Ref prefix of this frame: '' for the main frame, 'f2' for a child frame. */
  prefix?: string;
  /** Counter floor for this document: every ref minted is numbered above it (never repeats in a tab). */
  seed?: number;
  /** Snapshot only the subtree of this ref. */
  rootRef?: string;
  /** Snapshot only the subtree of the first element matching this CSS selector. */
  rootSelector?: string;
  /** Depth limit (levels below the root that are rendered). */
  depth?: number;
  /** Include bounding boxes. */
  boxes?: boolean;
  /** Keep every node (generic wrappers, hidden-from-pointer nodes). */
  verbose?: boolean;
  /** Which renderings to return; default 'yaml'. */
  format?: 'yaml' | 'json' | 'both';
}

export interface SnapshotResult {
  yaml?: string;
  tree?: AriaNode;
  /** Refs of iframe placeholders emitted in this frame, in document order; the driver fills them in. */
  iframes: string[];
  /** Highest ref number issued so far in this document (the driver feeds it back as `seed` after a navigation). */
  lastRef: number;
  /** Random id of this document's runtime instance: changes on every cross-document navigation. */
  docId: string;
  url: string;
}

export interface SettleOptions {
  quietMs?: number;    // default 100
  timeoutMs?: number;  // default 3000
}

export interface SettleReport {
  settled: boolean;    // false: timed out
  elapsedMs: number;
  mutations: number;
}

/** Result of checking a ref without throwing: null when it resolves. */
export type RefCheck = null | { error: string; kind: 'no-snapshot' | 'unknown' | 'removed' };

/** What the runtime exposes on `globalThis.__ariaref` (non-writable, non-enumerable). */
export interface RuntimeApi {
  version: string;
  docId: string;
  snapshot(options?: SnapshotOptions): SnapshotResult;
  /** Resolve a ref to its element, or throw the runtime's actionable error. */
  resolve(ref: string): Element;
  /** Like resolve, but returns the error instead of throwing. */
  checkRef(ref: string): RefCheck;
  /** Ref of an element (minting one if it has none), used to describe covering elements etc. */
  refFor(element: Element): string | undefined;
  settle(options?: SettleOptions): Promise<SettleReport>;
  // Computation entry points used by conformance tests and debugging.
  role(element: Element): string | null;
  name(element: Element): string;
  description(element: Element): string;
}
