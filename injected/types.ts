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

/** One step of a Playwright locator, outermost first (see injected/snapshot/locator.ts). */
export type LocatorStep =
  | { kind: 'role'; role: string; name?: string; exact?: boolean }
  | { kind: 'testId'; value: string }
  | { kind: 'title'; title: string; exact?: boolean }
  | { kind: 'nth'; index: number }
  | { kind: 'css'; selector: string };

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
  /** With format 'json'/'both': return the tree as JSON text in `json` instead of `tree` (safe at any depth). */
  jsonString?: boolean;
  /**
   * Token budget (characters / 4): a larger snapshot folds long runs of similar siblings, deep
   * and wide regions into "… N more …: snapshot with ref=… offset=…" lines (injected/fold/fold.ts).
   * Absent or 0: no folding. The MCP server's default is 8000 (`--snapshot-max-tokens`).
   */
  budgetTokens?: number;
  /** Paging: first child (index among the root's children) of the snapshot root to show. */
  offset?: number;
  /** Paging: how many children of the snapshot root to show from `offset`. */
  limit?: number;
  /**
   * Only controls, with the headings and landmarks that place them (injected/fold/interactive.ts).
   * With `basis`, the full YAML comes back in `basis`: what a diff compares.
   */
  interactive?: boolean;
  /** With a budget that folds: also return the unfolded YAML in `basis`, what a diff compares (folds hide content, not change it). */
  basis?: boolean;
  /**
   * Reuse the previous snapshot's output for subtrees that did not change (default true; the
   * output is the same either way). false recomputes everything and leaves what later snapshots
   * reuse untouched: for tests and benchmarks.
   */
  incremental?: boolean;
  /** Report in `incremental` how this snapshot was computed (tests). */
  debugIncremental?: boolean;
  /**
   * The versions of the texts the caller holds from this document's last snapshot
   * (`SnapshotResult.versions`): a text that follows one of them comes back as a patch of it.
   */
  since?: { yaml?: string; basis?: string };
}

/** A text as the change from one the receiver holds: its first `head` and last `tail` characters, `middle` between them. */
export interface TextPatch {
  /** The version of the text it changes. */
  base: string;
  head: number;
  tail: number;
  middle: string;
}

export interface SnapshotResult {
  yaml?: string;
  tree?: AriaNode;
  /**
   * The tree as JSON text, when `jsonString` was set, or instead of `tree` when the tree is more than
   * 40 levels deep (page.evaluate cannot return objects nested that deep).
   */
  json?: string;
  /** With `budgetTokens`: the size of this frame's snapshot in the budget's tokens (child frames not included). */
  tokens?: number;
  /** With `basis`, when the budget folded the snapshot: the YAML before folding. */
  basis?: string;
  /** Refs of iframe placeholders emitted in this frame, in document order; the driver fills them in. */
  iframes: string[];
  /** Highest ref number issued so far in this document (the driver feeds it back as `seed` after a navigation). */
  lastRef: number;
  /** The document's title when the snapshot was taken (the answer's Page section needs no call of its own). */
  title?: string;
  /** Random id of this document's runtime instance: changes on every cross-document navigation. */
  docId: string;
  url: string;
  /** With `debugIncremental`: full or partial recompute, why full, how many elements were reused. */
  incremental?: { mode: 'full' | 'partial' | 'off'; reason: string; reused: number; kept: boolean };
  /** The version of each text sent (injected/snapshot/transfer.ts): pass it back in `since`. */
  versions?: { yaml?: string; basis?: string };
  /** Texts sent as patches of the ones `since` named, in place of the `yaml` or `basis` field. */
  patches?: { yaml?: TextPatch; basis?: TextPatch };
}

export interface SettleOptions {
  quietMs?: number;    // default 100
  timeoutMs?: number;  // default 3000
  /** Mark from markActivity() taken before the action: also wait for the work the action started. */
  mark?: number;
  /** After a navigation: wait for the short timers, frames and messages the new document queued while loading. */
  loadWork?: boolean;
  /** Quiet needed once the action's own tracked timers have fired; default min(quietMs, 30). */
  tailMs?: number;
  /** A page changing nonstop (no baseline churn) is given up on after this long; default 1500. */
  steadyMs?: number;
  /**
   * Then read this snapshot in the same call (SettleReport.snapshot): the answer to an action
   * shows the page as it settled, without another round trip into a renderer that a loaded
   * machine may take long to schedule. Not read when the document is navigating away.
   */
  snapshot?: SnapshotOptions;
  /**
   * The action was a click the driver dispatched at a point with the pointer guard armed: read
   * what the guard saw of it as the wait starts (SettleReport.pointerGuard), in the same call.
   */
  pointerGuard?: boolean;
}

/** firstTextShown's answer when asked for the snapshot too. */
export interface TextShownRead {
  index: number;
  snapshot?: SnapshotResult;
}

export interface SettleReport {
  settled: boolean;    // false: timed out or gave up on a page that keeps changing
  elapsedMs: number;
  mutations: number;
  /** Why it returned: quiet window reached, churn recognised, the cap, or the document is navigating away. */
  reason?: 'quiet' | 'churn' | 'timeout' | 'navigation';
  /** A cross-document navigation the page started while settling (destination URL). */
  navigating?: string;
  /** The document's navigations were watched (Navigation API): one it started would be in `navigating`. */
  watchedNavigation?: boolean;
  /** The id of the document that settled (the runtime's docId): no second call to learn it. */
  docId?: string;
  /** Mutation batches per second before the action (with a mark) and during the wait. */
  baselineRate?: number;
  rate?: number;
  /** Work of the action still running when it returned. */
  pending?: PendingActivity;
  /** A file input was clicked during the action: the browser's file chooser is opening. */
  fileChooser?: boolean;
  /** The snapshot SettleOptions.snapshot asked for, read as the page settled. */
  snapshot?: SnapshotResult;
  /** With SettleOptions.pointerGuard: what the guard saw of the click (null: none was armed). */
  pointerGuard?: PointerGuardReport | null;
}

/** Returned by markActivity(): the mark and the page's mutation rate right before the action. */
export interface ActivityMark {
  mark: number;
  mutationsPerSecond: number;
}

/** Work an action started that has not finished yet. */
export interface PendingActivity {
  timers: number;      // short setTimeouts (<= ~1 s) scheduled by the action's handlers
  requests: number;    // fetch/XHR started by them
  callbacks: number;   // animation frames, idle callbacks and channel messages they queued
  animations?: number; // CSS animations and transitions that started after the mark and end soon
  busy: string[];      // aria-busy="true" regions that turned busy after the mark ('region "Results"')
}

/** The element actually hit at a point, when it is not the one the driver wanted to click. */
export interface CoveringElement {
  role: string;
  name: string;
  ref?: string;
  tag: string;
  /** Start of its text, when it has no name (overlays are often unnamed divs). */
  text?: string;
  /** Nearest ancestor with a meaningful role and name (the dialog/banner the hit element belongs to). */
  container?: { role: string; name: string; ref?: string };
}

/**
 * Where a click on an element lands (injected/wait/aim.ts): on the element ('self'); on `ref`, the
 * visible part of its label, in its place ('label': a visually hidden native control, or one its
 * own label is drawn over); nowhere ('covered' by `cover`, or 'hidden' with no visible label, `why`).
 */
export interface PointerAim {
  /** 'map': an image map's <area>, clicked on its image (ref) at `position`. */
  at: 'self' | 'label' | 'covered' | 'hidden' | 'map';
  ref?: string;
  /** For 'map': the point inside the area's shape, relative to the image's padding box (Playwright's `position`). */
  position?: { x: number; y: number };
  cover?: CoveringElement;
  why?: string;
  /** Checked now, for a checkbox, radio or switch (native or ARIA). */
  checked?: boolean;
  /** A radio: a click only ever checks it. */
  radio?: boolean;
  /** For 'self' and 'label': the viewport point where a click reaches the element (or its label's part) now. */
  point?: { x: number; y: number };
  /** The pointer guard was armed for a click at `point` (injected/wait/pointer-guard.ts). */
  guarded?: boolean;
}

/** What the pointer guard saw of the click dispatched at the aim's point: `blocked` names what was on top instead. */
export interface PointerGuardReport {
  blocked?: CoveringElement;
}

/** Result of checking a ref without throwing: null when it resolves. */
export type RefCheck = null | {
  error: string;
  kind: 'no-snapshot' | 'unknown' | 'removed' | 'renamed' | 'hidden' | 'disabled';
  /** The element's role and name at its snapshot, and when that snapshot was (ms since epoch, page clock). */
  role?: string; name?: string; seenAt?: number;
};

/** What a ref check also verifies: name unchanged since the snapshot (`live`), shown (`visible`), enabled (`enabled`). */
export interface RefCheckOptions { live?: boolean; visible?: boolean; enabled?: boolean }

/** What the runtime exposes on `globalThis.__ariaref` (non-writable, non-enumerable). */
export interface RuntimeApi {
  version: string;
  docId: string;
  snapshot(options?: SnapshotOptions): SnapshotResult;
  /** Resolve a ref to its element, or throw the runtime's actionable error. */
  resolve(ref: string): Element;
  /** Like resolve, but returns the error instead of throwing. */
  checkRef(ref: string, options?: RefCheckOptions): RefCheck;
  /** Ref of an element (minting one if it has none), used to describe covering elements etc. */
  refFor(element: Element, options?: Pick<SnapshotOptions, 'prefix' | 'seed'>): string | undefined;
  settle(options?: SettleOptions): Promise<SettleReport>;
  /** The document's title (document.title, read with the page's built-ins put back). */
  title?(): string;
  /**
   * The index in `texts` of the first one shown in this document (Playwright's getByText, visible
   * only), or -1; with `snapshot`, that index and, when one is shown, the snapshot read in the
   * same call (the text wait's answer shows the page as it found the text).
   */
  firstTextShown?(texts: string[], snapshot?: SnapshotOptions): number | TextShownRead;
  /** Open an action window before acting (activity tracking; see injected/wait/activity.ts). */
  markActivity?(): ActivityMark;
  /** Work started since `mark` that is still running. */
  pendingActivity?(mark?: number): PendingActivity;
  /** A Playwright locator unique on the page now for ref's element, as steps (role and name, exact name, test id, scoped, index). Throws resolve()'s error. */
  locatorFor?(ref: string, testIdAttribute?: string): LocatorStep[];
  /** What covers the center of ref's element, for "another element would receive the click" errors; null when it, or something inside it, is on top. Throws resolve()'s error. */
  coveringElementOf?(ref: string): CoveringElement | null;
  /** Where a click on ref's element lands, decided before acting (PointerAim); `center` scrolls it to the middle first; `guard` arms the pointer guard for a click at its point. Throws resolve()'s error. */
  aimAt?(ref: string, center?: boolean, guard?: boolean): PointerAim;
  /** Selects the whole text of ref's plain text field and focuses it, for text the driver inserts ('playwright': fill through Playwright instead). Throws resolve()'s error. */
  readyToFill?(ref: string, numeric: boolean): 'ready' | 'playwright';
  /** What the guard armed by aimAt(ref, center, true) saw of the click since; disarms it. */
  readPointerGuard?(): PointerGuardReport | null;
  /** The checked state of ref's checkbox, radio or switch; undefined for other elements. Throws resolve()'s error. */
  checkedOf?(ref: string): boolean | undefined;
  /** Search the snapshot tree by text, role and name without rendering a snapshot (injected/fold/find.ts). */
  find?(query: FindQuery): FindResult;
  // Computation entry points used by conformance tests and debugging.
  role(element: Element): string | null;
  name(element: Element): string;
  description(element: Element): string;
}

/** What find() looks for: every given criterion must match (case-insensitive). */
export interface FindQuery {
  /** Substring of the name, value, placeholder, description, url or text inside the node. */
  text?: string;
  /** Exact role. */
  role?: string;
  /** Substring of the accessible name. */
  name?: string;
  /** Search only this ref's subtree. */
  rootRef?: string;
  /** Matches returned at most (default 50); `total` counts them all. */
  limit?: number;
  /** Ref prefix and counter floor of this frame, as for snapshots (supplied by the driver). */
  prefix?: string;
  seed?: number;
}

export interface FindMatch {
  ref?: string;
  role: string;
  name: string;
  /** The node's snapshot line, e.g. `button "Delete" [ref=e812]`. */
  line: string;
  /** Ancestors and the line: `main > table "Orders" > row "Order 42" > button "Delete" [ref=e812]`. */
  path: string;
}

export interface FindResult {
  matches: FindMatch[];
  total: number;
  /** Document bookkeeping, as in SnapshotResult (refs may have been minted). */
  docId?: string;
  lastRef?: number;
  url?: string;
}
