// What changes a snapshot without a mutation record, checked at the start of each incremental
// pass (or caught by events between passes), and turned into marks on the DirtyTracker:
// - style sheets, media queries, viewport size, zoom, fonts, base URL, design mode, the modal
//   dialog, running animations/transitions (events), the URL fragment (:target): everything;
// - control state set by script (`input.checked = true` fires no event): the control's parent
//   subtree; password values: everything (every name is scrubbed of them);
// - focus and hover moves: the elements whose state changed, and their subtrees when the sheets
//   style :focus / :hover;
// - names that read distant elements (aria-labelledby, aria-describedby, aria-controls, aria-owns,
//   <label>, <input list>): those elements are recomputed at every pass (their ancestors too), and
//   once more at the pass after they stop doing so (a label's `for` moved away).
import type { DirtyTracker } from './dirty';
import { flatParentOf } from './dirty';
import { connectedShadowRoots } from '../wait/mutations';
import { emptyFeatures, scanSheets, type SheetFeatures, type SheetScan } from './sheets';
import { topmostModalDialog } from '../aria/hidden';
import { shadowRootOf } from '../dom/closed-shadow';

const WHOLESALE_EVENTS = [
  // Not animationiteration: a looping spinner would make every snapshot a full one, and an
  // iteration restarts the same keyframes (what changes mid-animation fires no event anyway).
  'resize', 'animationstart', 'animationend', 'animationcancel', 'transitionrun', 'transitionstart',
  'transitionend', 'transitioncancel', 'hashchange', 'popstate', 'fullscreenchange', 'beforeprint', 'afterprint',
];

/** Elements whose own node reads other elements by reference or label association. */
const WATCHED = 'input, select, textarea, label, [aria-labelledby], [aria-describedby], [aria-controls], [aria-owns], [popover]';
const WATCHED_TAGS = ['input', 'select', 'textarea', 'label'];
const WATCHED_ATTRIBUTES = '[aria-labelledby], [aria-describedby], [aria-controls], [aria-owns], [popover]';
/** What a <label> can label: its control may be any of these inside it, or one it points at. */
const LABELABLE = 'button, input, meter, output, progress, select, textarea';

export class PageWatch {
  private env = '';
  private sheets = '';
  private mediaState = '';
  private passwords = '';
  private features: SheetFeatures = emptyFeatures();
  private readonly mediaLists = new Map<string, MediaQueryList>();
  private readonly controlState = new WeakMap<Element, string>();
  private modal: WeakRef<Element> | null = null;
  private focused: WeakRef<Element> | null = null;
  private hovered: WeakRef<Element> | null = null;
  private hoverSeen: WeakRef<Element> | null = null;
  /** Elements whose names read other elements, at the last check. */
  private referring: Array<WeakRef<Element>> = [];
  /** The document's elements with a watched attribute, and the tracker's changes count they were found at. */
  private attributed: Element[] = [];
  private attributedAt = -1;

  constructor(private readonly doc: Document, private readonly tracker: DirtyTracker) {
    const view = doc.defaultView;
    if (!view) return;
    const capture = { capture: true, passive: true };
    for (const type of WHOLESALE_EVENTS) view.addEventListener(type, () => tracker.invalidateAll(type), capture);
    // Images and other resources change size when they load: their parent's subtree may show differently.
    const loaded = (event: Event) => { if (event.target instanceof view.Element) tracker.queue(null, event.target); };
    view.addEventListener('load', loaded, capture);
    view.addEventListener('error', loaded, capture);
    view.addEventListener('mouseover', event => { this.hovered = weak(deepTarget(event)); }, capture);
    const pressed = (type: string) => () => { if (this.features.active) tracker.invalidateAll(type); };
    view.addEventListener('mousedown', pressed('mousedown'), capture);
    view.addEventListener('mouseup', pressed('mouseup'), capture);
    const fonts = (doc as { fonts?: EventTarget }).fonts;
    if (fonts && typeof fonts.addEventListener === 'function') {
      fonts.addEventListener('loadingdone', () => tracker.invalidateAll('fonts loaded'));
      fonts.addEventListener('loadingerror', () => tracker.invalidateAll('fonts failed'));
    }
  }

  /**
   * Marks what changed since the last check on the tracker. Returns a reason when nothing may be
   * reused in this page at all (then every pass is a full one), '' otherwise.
   */
  check(): string {
    const scopes: Array<Document | ShadowRoot> = [this.doc, ...connectedShadowRoots()];
    this.checkEnvironment();
    this.checkSheets(scopes);
    if (this.features.unbounded) return this.features.unbounded;
    this.checkModal();
    this.checkFocus();
    this.checkHover();
    const full = this.checkElements(scopes);
    // Counters and container queries reach beyond any subtree: any change recomputes everything.
    if (this.tracker.changed && (this.features.positional || this.features.container))
      this.tracker.invalidateAll(this.features.positional ? 'counters in generated content' : 'container queries');
    return full;
  }

  private checkEnvironment(): void {
    const view = this.doc.defaultView;
    const fonts = (this.doc as { fonts?: { status?: string; size?: number } }).fonts;
    const env = [view?.innerWidth, view?.innerHeight, view?.devicePixelRatio, this.doc.baseURI, this.doc.designMode,
      fonts?.status, fonts?.size, view?.location?.hash, !!this.doc.fullscreenElement].join('|');
    if (env !== this.env) this.tracker.invalidateAll('viewport, URL or fonts changed');
    this.env = env;
  }

  private checkSheets(scopes: Array<Document | ShadowRoot>): void {
    const scan: SheetScan = { text: '', media: [], features: emptyFeatures() };
    for (const scope of scopes) scanSheets(scope, scan);
    if (scan.text !== this.sheets) this.tracker.invalidateAll('style sheets changed');
    this.sheets = scan.text;
    this.features = scan.features;
    this.tracker.siblingRules = scan.features.siblings;
    const view = this.doc.defaultView;
    let state = '';
    if (view && typeof view.matchMedia === 'function') {
      for (const text of scan.media) {
        let list = this.mediaLists.get(text);
        if (!list) this.mediaLists.set(text, list = view.matchMedia(text));
        state += list.matches ? '1' : '0';
      }
    }
    if (state !== this.mediaState) this.tracker.invalidateAll('media queries changed');
    this.mediaState = state;
  }

  private checkModal(): void {
    const modal = topmostModalDialog(this.doc);
    if (modal !== deref(this.modal)) this.tracker.invalidateAll('modal dialog changed');
    this.modal = weak(modal);
  }

  private checkFocus(): void {
    const now = deepActiveElement(this.doc);
    const before = deref(this.focused);
    this.focused = weak(now);
    if (now === before) return;
    // The [active] marker moves; :focus / :focus-within rules restyle the subtree both share.
    if (before?.isConnected) this.tracker.markSelf(before);
    if (now) this.tracker.markSelf(now);
    if (this.features.focus) this.markCommonSubtree(before, now, 'focus moved');
  }

  private checkHover(): void {
    const now = deref(this.hovered);
    const before = deref(this.hoverSeen);
    this.hoverSeen = weak(now);
    if (now !== before && this.features.hover) this.markCommonSubtree(before, now, 'hover moved');
  }

  private markCommonSubtree(a: Element | null | undefined, b: Element | null | undefined, reason: string): void {
    const common = a && b && a.isConnected ? commonAncestor(a, b) : null;
    if (common) this.tracker.markSubtree(common);
    else this.tracker.invalidateAll(reason);
  }

  /** Controls, popovers and reference-named elements, in one query per tree scope. */
  private checkElements(scopes: Array<Document | ShadowRoot>): string {
    let passwords = '';
    let full = '';
    const referring: Element[] = [];
    // Last pass's ones too: one that stopped referring (a label's `for` moved) changed its name.
    for (const ref of this.referring) {
      const element = ref.deref();
      if (element?.isConnected) this.tracker.markSelf(element);
    }
    for (const scope of scopes) {
      for (const element of scope === this.doc ? this.watchedInDocument() : watchedIn(scope as ShadowRoot)) {
        const tag = element.localName;
        if (tag === 'input' || tag === 'select' || tag === 'textarea') {
          const state = controlState(element, tag);
          if (state.startsWith('password|') && (element as HTMLInputElement).value) {
            passwords += `\u0000${state}`;
            if (scope !== this.doc) full = 'a password field in a shadow root has a value';
          }
          this.noteState(element, state);
          if (tag === 'input' && element.hasAttribute('list')) referring.push(element);
        } else if (tag === 'label') {
          const control = (element as HTMLLabelElement).control;
          if (control) referring.push(control);
          const inside = element.querySelectorAll(LABELABLE);
          for (let j = 0; j < inside.length; j++) referring.push(inside[j]);
        }
        if (element.hasAttribute('popover')) this.noteState(element, popoverState(element));
        if (element.hasAttribute('aria-labelledby') || element.hasAttribute('aria-describedby') || element.hasAttribute('aria-controls')
          || element.hasAttribute('aria-owns')) referring.push(element);
      }
    }
    for (const element of referring) this.tracker.markSelf(element);
    this.referring = typeof WeakRef === 'function' ? referring.map(element => new WeakRef(element)) : [];
    if (passwords !== this.passwords) this.tracker.invalidateAll('a password value changed');
    this.passwords = passwords;
    return full;
  }

  private noteState(element: Element, state: string): void {
    const before = this.controlState.get(element);
    this.controlState.set(element, state);
    if (before === undefined || before === state) return;
    if (this.features.validity) this.tracker.invalidateAll('a control changed and the sheets style validity');
    else this.tracker.noteChanged(element);
  }

  /**
   * The document's watched elements. The tag lists are live collections the browser keeps cached
   * between passes; the attribute query (tens of milliseconds on a large page) runs again only
   * after the tree changed: no mutation, no new element with one of those attributes.
   */
  private watchedInDocument(): Element[] {
    const found: Element[] = [];
    for (const tag of WATCHED_TAGS) {
      const list = this.doc.getElementsByTagName(tag);
      for (let i = 0; i < list.length; i++) found.push(list[i]);
    }
    const seen = this.tracker.changesSeen;
    if (seen !== this.attributedAt) {
      this.attributed = Array.from(this.doc.querySelectorAll(WATCHED_ATTRIBUTES));
      this.attributedAt = seen;
    }
    for (const element of this.attributed) found.push(element);
    return found;
  }
}

/** The watched elements of a shadow root. */
function watchedIn(scope: ShadowRoot): Element[] {
  return Array.from(scope.querySelectorAll(WATCHED));
}

/** What CSS and the snapshot read from a control that script can change without a mutation. */
function controlState(element: Element, tag: string): string {
  if (tag === 'select') {
    const select = element as HTMLSelectElement;
    let selected = '';
    const options = select.options;
    for (let i = 0; i < options.length; i++) if (options[i].selected) selected += `${i},`;
    return `select|${selected}`;
  }
  if (tag === 'textarea') return `textarea|${(element as HTMLTextAreaElement).value}`;
  const input = element as HTMLInputElement;
  const type = String(input.type).toLowerCase();
  return `${type}|${input.value}|${input.checked ? 1 : 0}${input.indeterminate ? 1 : 0}`;
}

function popoverState(element: Element): string {
  try {
    return element.matches(':popover-open') ? 'open' : 'closed';
  } catch {
    return 'unknown';
  }
}

function deepTarget(event: Event): Element | null {
  const path = typeof event.composedPath === 'function' ? event.composedPath() : [];
  const first = path[0] ?? event.target;
  return first && (first as Node).nodeType === 1 ? first as Element : null;
}

function deepActiveElement(doc: Document): Element | null {
  let active = doc.activeElement;
  for (let root = active && shadowRootOf(active); root?.activeElement; root = shadowRootOf(active!)) active = root.activeElement;
  return active;
}

function commonAncestor(a: Element, b: Element): Element | null {
  const chain = new Set<Element>();
  for (let node: Element | null = a; node; node = flatParentOf(node)) chain.add(node);
  for (let node: Element | null = b; node; node = flatParentOf(node)) if (chain.has(node)) return node;
  return null;
}

// Captured at install: the mouseover listener runs outside the runtime's guard for built-ins.
const NativeWeakRef: typeof WeakRef | undefined = typeof WeakRef === 'function' ? WeakRef : undefined;

function weak(element: Element | null): WeakRef<Element> | null {
  return element && NativeWeakRef ? new NativeWeakRef(element) : null;
}

function deref(ref: WeakRef<Element> | null): Element | null {
  return ref?.deref() ?? null;
}
