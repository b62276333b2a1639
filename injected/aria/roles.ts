// ARIA role computation: WAI-ARIA 1.2 explicit roles, HTML-AAM implicit roles, and the presentational
// role rules of WAI-ARIA 1.2 §9 (conflict resolution and inheritance). Where the specs leave room we
// follow Chromium, since agents act on Chromium; where the axe-core conformance cases decide a question
// (unnamed <form>, scoped <header>/<footer>), they win, unless html-aam or WPT settle it otherwise
// (a titled <section> is a region; <img alt=""> is none even with a title).
import { inAriaPass, passCache } from '../dom/pass-cache';
import { elementTag, enclosingShadowRootOrDocument, parentElementOrShadowHost } from '../dom/composed-tree';
import { isElementFocusable } from '../dom/focus';
import { accessibleName } from './accname/steps';
import {
  kAsideScopingRoles, kAsideScopingTags, kFixedImplicitRoles, kGlobalAriaAttributes, kInputTypeRoles,
  kLandmarkScopingRoles, kLandmarkScopingTags, kListInputTypes, kNoRoleElements,
  kPresentationInheritanceParents, kProhibitedAttributes, kRoleSynonyms, kValidRoles,
} from './role-tables';

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const SVG_NS = 'http://www.w3.org/2000/svg';
const MATHML_NS = 'http://www.w3.org/1998/Math/MathML';

const roleCache = passCache<Element, string | null>();

/** Elements whose accessible name is being computed to decide their own role (see `hasAuthorName`). */
const namingInProgress = new Set<Element>();

/**
 * The element's computed role: the first valid token of `role`, else the implicit role, with
 * role=none/presentation ignored on focusable elements and elements with global ARIA attributes.
 * 'generic' for HTML-AAM generic elements (div, span, a without href...), null when the element has no
 * role at all (e.g. <label>, <canvas>, <dl>).
 */
export function getAriaRole(element: Element): string | null {
  // Re-entered from the name computation that decides this very element's role: answer without caching.
  if (namingInProgress.size && namingInProgress.has(element)) return computeAriaRole(element);
  let role = roleCache.get(element);
  if (role === undefined) {
    role = computeAriaRole(element);
    if (inAriaPass()) roleCache.set(element, role);
  }
  return role;
}

function computeAriaRole(element: Element): string | null {
  const explicit = explicitRoleOfNamedLandmark(element);
  if (!explicit) return getImplicitAriaRole(element);
  if (isPresentationalRole(explicit) && ignoresPresentationalRole(element)) return getImplicitAriaRole(element);
  return explicit;
}

/** Landmark roles that exist only with an accessible name (core-aam: region and form are mapped only when named). */
const kNameRequiredRoles: ReadonlySet<string> = new Set(['region', 'form']);

/**
 * The explicit role, skipping region/form tokens when the element has no accessible name: the next
 * valid token is tried, then the implicit role (wai-aria 9.1 "handling author errors": a nameless
 * region is not a region; `<nav role=region>` stays navigation).
 */
function explicitRoleOfNamedLandmark(element: Element): string | null {
  const value = element.getAttribute('role');
  if (!value) return null;
  for (const raw of value.split(/[ \t\n\f\r]+/)) {
    const token = raw.toLowerCase();
    const role = kRoleSynonyms.get(token) ?? token;
    if (!kValidRoles.has(role)) continue;
    if (kNameRequiredRoles.has(role) && !hasAuthorName(element, true)) continue;
    const context = kRequiredContextRoles.get(role);
    if (context && !hasRequiredContext(element, context)) continue;
    return role;
  }
  return null;
}

/**
 * wai-aria 1.2 §5.2.7 "Required Context Role", as Chromium enforces it (core-aam computed role): an
 * explicit listitem, option or treeitem outside its container is no such item, so the next token or
 * the host role applies (`<p role=listitem>` alone is a paragraph).
 */
const kRequiredContextRoles: ReadonlyMap<string, readonly string[]> = new Map([
  ['listitem', ['list']],
  ['option', ['listbox', 'group', 'combobox']],
  ['treeitem', ['tree', 'group']],
]);

/** The nearest ancestor with a role of its own (generic and none are skipped) is one of `context`. */
function hasRequiredContext(element: Element, context: readonly string[]): boolean {
  if (element.id && ariaOwnedIds(element).has(element.id)) return true; // its owner may be anywhere
  for (let e = parentElementOrShadowHost(element); e; e = parentElementOrShadowHost(e)) {
    const role = getAriaRole(e);
    // A container made presentational still holds its items as the author built them.
    if (isPresentationalRole(role) && context.includes(nativeRole(e) ?? '')) return true;
    if (!role || role === 'generic' || isPresentationalRole(role)) continue;
    return context.includes(role);
  }
  return false;
}

const ownedIdsCache = passCache<Node, ReadonlySet<string>>();

/** Ids named by any aria-owns of the element's tree scope, once per pass. */
function ariaOwnedIds(element: Element): ReadonlySet<string> {
  const scope = enclosingShadowRootOrDocument(element);
  if (!scope) return new Set();
  let ids = ownedIdsCache.get(scope);
  if (!ids) {
    const found = new Set<string>();
    for (const owner of Array.from(scope.querySelectorAll('[aria-owns]')))
      for (const id of (owner.getAttribute('aria-owns') ?? '').split(/\s+/)) if (id) found.add(id);
    ids = found;
    if (inAriaPass()) ownedIdsCache.set(scope, ids);
  }
  return ids;
}

/**
 * The role as WebDriver's "computed role" reports it (what `__ariaref.role()` returns): ARIA 1.3's
 * preferred `image` for img. The snapshot keeps `img`, the word Playwright prints and agents know.
 */
export function getComputedRole(element: Element): string | null {
  const role = getAriaRole(element);
  return role === 'img' ? 'image' : role;
}

/** First valid ARIA role token of the `role` attribute (ASCII case-insensitive, as Chromium), or null. */
export function getExplicitAriaRole(element: Element): string | null {
  const value = element.getAttribute('role');
  if (!value) return null;
  for (const raw of value.split(/[ \t\n\f\r]+/)) {
    const token = raw.toLowerCase();
    const role = kRoleSynonyms.get(token) ?? token;
    if (kValidRoles.has(role)) return role;
  }
  return null;
}

export function isPresentationalRole(role: string | null): boolean {
  return role === 'none' || role === 'presentation';
}

/**
 * Whether the element carries a global ARIA attribute (presence, even empty). With `forRole`, attributes
 * that ARIA prohibits on that role (aria-label on generic, paragraph...) do not count.
 */
export function hasGlobalAriaAttribute(element: Element, forRole?: string | null): boolean {
  for (const attribute of kGlobalAriaAttributes) {
    if (!element.hasAttribute(attribute)) continue;
    if (forRole && kProhibitedAttributes.get(attribute)?.includes(forRole)) continue;
    return true;
  }
  return false;
}

/**
 * WAI-ARIA 1.2 §9 conflict resolution: a focusable element, or one with a global ARIA attribute, keeps
 * its implicit role despite role=none/presentation. Like Chromium, prohibited attributes still count
 * (<p role=none aria-label=x> stays a paragraph).
 */
function ignoresPresentationalRole(element: Element): boolean {
  return hasGlobalAriaAttribute(element) || isElementFocusable(element);
}

/** Implicit role from the host language (HTML-AAM, SVG, MathML), after presentational inheritance. */
export function getImplicitAriaRole(element: Element): string | null {
  const role = nativeRole(element);
  if (!role || !isHtml(element)) return role;
  return inheritedPresentationalRole(element) ?? role;
}

function isHtml(element: Element): boolean {
  return element.namespaceURI === HTML_NS;
}

function nativeRole(element: Element): string | null {
  const ns = element.namespaceURI;
  const tag = elementTag(element);
  if (ns === SVG_NS) return svgRole(element, tag);
  if (ns === MATHML_NS) return tag === 'math' ? 'math' : null;
  if (ns !== HTML_NS) return null;
  const rule = kContextualRoles.get(tag);
  if (rule) return rule(element);
  const fixed = kFixedImplicitRoles.get(tag);
  if (fixed) return fixed;
  return kNoRoleElements.has(tag) ? null : 'generic';
}

function svgRole(element: Element, tag: string): string | null {
  // Chromium exposes an outermost <svg> as an image and a nested one as a group.
  if (tag === 'svg') return (element as SVGElement).ownerSVGElement ? 'group' : 'img';
  if (tag === 'a') return element.hasAttribute('href') || element.hasAttributeNS('http://www.w3.org/1999/xlink', 'href') ? 'link' : null;
  return null;
}

type RoleRule = (element: Element) => string | null;

const kContextualRoles: ReadonlyMap<string, RoleRule> = new Map(Object.entries({
  // html-aam: <a> without href is generic. A focusable one (tabindex) is script's link, the "+2 more"
  // of calendars: Chromium exposes it as a link, and an agent needs a role it can click.
  a: e => (e.hasAttribute('href') || e.hasAttribute('tabindex') && isElementFocusable(e) ? 'link' : 'generic'),
  area: e => (e.hasAttribute('href') ? 'link' : null),
  aside: e => (!hasScopingAncestor(e, kAsideScopingTags, kAsideScopingRoles) || hasAuthorName(e, true) ? 'complementary' : 'generic'),
  footer: e => (hasScopingAncestor(e, kLandmarkScopingTags, kLandmarkScopingRoles) ? 'generic' : 'contentinfo'),
  header: e => (hasScopingAncestor(e, kLandmarkScopingTags, kLandmarkScopingRoles) ? 'generic' : 'banner'),
  // html-aam: form and section are landmarks only with an accessible name. For <section> the title
  // counts (it is an accessible name, Chromium agrees); for <form> axe-core's cases and Playwright
  // want an author name (aria-label/-labelledby), and the YAML of unnamed-but-titled forms stays as it was.
  form: e => (hasAuthorName(e, false) ? 'form' : 'generic'),
  section: e => (hasAuthorName(e, true) ? 'region' : 'generic'),
  img: imgRole,
  input: inputRole,
  select: e => (e.hasAttribute('multiple') || selectSize(e) > 1 ? 'listbox' : 'combobox'),
  summary: e => (isDetailsSummary(e) ? 'button' : 'generic'),
  td: e => (isInGrid(e) ? 'gridcell' : 'cell'),
  th: thRole,
}));

/**
 * html-aam: `<img alt="">` is decorative, role none; a title does not change that. But an image
 * that is focusable or carries any global ARIA attribute keeps the img role (wai-aria 1.2 §9.3
 * presentational role conflict resolution), aria-label and aria-labelledby included even when
 * empty: the attribute is there, as Chromium and axe-core decide.
 */
function imgRole(element: Element): string {
  if (element.getAttribute('alt') !== '') return 'img';
  if (isElementFocusable(element)) return 'img';
  for (const attribute of kGlobalAriaAttributes) if (element.hasAttribute(attribute)) return 'img';
  return 'none';
}

function inputRole(element: Element): string | null {
  const type = inputType(element);
  const fixed = kInputTypeRoles.get(type);
  if (fixed !== undefined) return fixed;
  if (kListInputTypes.has(type)) {
    const listId = element.getAttribute('list');
    const list = listId ? enclosingShadowRootOrDocument(element)?.getElementById(listId) : null;
    if (list && elementTag(list) === 'datalist' && isHtml(list)) return 'combobox';
    return type === 'search' ? 'searchbox' : 'textbox';
  }
  // email, tel, url, text, password, date and time pickers, color, unknown types: a text field.
  return 'textbox';
}

/** The input's type as the IDL attribute reports it: lower-cased, unknown values become 'text'. */
function inputType(element: Element): string {
  const type = (element as HTMLInputElement).type;
  if (typeof type === 'string') return type.toLowerCase();
  return (element.getAttribute('type') ?? 'text').toLowerCase();
}

function selectSize(element: Element): number {
  const size = (element as HTMLSelectElement).size;
  if (typeof size === 'number') return size;
  return parseInt(element.getAttribute('size') ?? '', 10) || 0;
}

/** The summary that is its parent <details>' disclosure button: the first <summary> child. */
function isDetailsSummary(element: Element): boolean {
  const parent = element.parentElement;
  if (!parent || elementTag(parent) !== 'details') return false;
  for (const child of Array.from(parent.children)) {
    if (elementTag(child) === 'summary') return child === element;
  }
  return false;
}

function closestTable(element: Element): Element | null {
  for (let e = element.parentElement; e; e = e.parentElement) {
    if (elementTag(e) === 'table' && isHtml(e)) return e;
  }
  return null;
}

const inGridCache = passCache<Element, boolean>();

/** Whether the cell's table is a grid. The cells of a row share the answer: it is kept per row. */
function isInGrid(cell: Element): boolean {
  const row = cell.parentElement;
  if (!row) return false;
  let inGrid = inGridCache.get(row);
  if (inGrid === undefined) {
    const table = closestTable(cell);
    const role = table ? getExplicitAriaRole(table) : null;
    inGrid = role === 'grid' || role === 'treegrid';
    if (inAriaPass()) inGridCache.set(row, inGrid);
  }
  return inGrid;
}

/**
 * <th>: scope decides; otherwise Chromium's heuristic from neighbouring cells (DecideRoleFromSiblings):
 * a header between headers heads a column, a header beside a non-empty data cell heads a row.
 */
function thRole(th: Element): string | null {
  const scope = (th.getAttribute('scope') ?? '').toLowerCase();
  if (scope === 'row' || scope === 'rowgroup') return 'rowheader';
  if (scope === 'col' || scope === 'colgroup') return 'columnheader';

  const next = th.nextElementSibling;
  const prev = th.previousElementSibling;
  const row = th.parentElement && elementTag(th.parentElement) === 'tr' ? th.parentElement : null;
  if (!next && !prev) {
    // The only cell of the only row heads nothing: Chromium gives it no header role.
    const table = row ? closestTable(row) : null;
    if (table && ((table as HTMLTableElement).rows?.length ?? 0) <= 1) return null;
    return 'columnheader';
  }
  if (isHeaderCell(next) && isHeaderCell(prev)) return 'columnheader';
  if (isNonEmptyDataCell(next) || isNonEmptyDataCell(prev)) return 'rowheader';
  if (!row) return 'columnheader';
  // A non-empty data cell at either end of the row (or next to an end: tables often have an empty
  // corner cell) makes this a row header.
  const first = row.firstElementChild;
  const last = row.lastElementChild;
  if (isNonEmptyDataCell(first) || isNonEmptyDataCell(last)) return 'rowheader';
  if (isNonEmptyDataCell(first?.nextElementSibling ?? null) || isNonEmptyDataCell(last?.previousElementSibling ?? null))
    return 'rowheader';
  return 'columnheader';
}

function isHeaderCell(element: Element | null): boolean {
  return !!element && elementTag(element) === 'th';
}

/** Chromium counts any child node, whitespace text included, as content. */
function isNonEmptyDataCell(element: Element | null): boolean {
  return !!element && elementTag(element) === 'td' && element.hasChildNodes();
}

/** Nearest ancestor (across shadow roots) with one of `tags` (and no role attribute) or one of `roles`. */
function hasScopingAncestor(element: Element, tags: ReadonlySet<string>, roles: ReadonlySet<string>): boolean {
  for (let e = parentElementOrShadowHost(element); e; e = parentElementOrShadowHost(e)) {
    const explicit = getExplicitAriaRole(e);
    if (explicit ? roles.has(explicit) : isHtml(e) && tags.has(elementTag(e))) return true;
  }
  return false;
}

/**
 * Whether the author named the element (aria-label / aria-labelledby, and `title` when `withTitle`) with a
 * non-empty accessible name. The name computation asks for this element's role again; while it runs,
 * `getAriaRole` recomputes without caching and this function assumes a name, so it cannot loop.
 * The name steps take the role computation as an argument: they do not import this file.
 */
function hasAuthorName(element: Element, withTitle: boolean): boolean {
  if (!element.hasAttribute('aria-label') && !element.hasAttribute('aria-labelledby') && !(withTitle && element.hasAttribute('title')))
    return false;
  if (namingInProgress.has(element)) return true;
  namingInProgress.add(element);
  try {
    return accessibleName(element, true, getAriaRole) !== '';
  } finally {
    namingInProgress.delete(element);
  }
}

/**
 * WAI-ARIA 1.2 §9.3: required owned elements (li of a list, rows and cells of a table, dt/dd of a dl,
 * options) inherit role=none/presentation from the ancestor that declares it, unless an element between
 * them has a role of its own or the ancestor ignores its presentational role (focusable, global ARIA
 * attribute). Like Chromium, the inheriting element's own focusability does not undo the inheritance.
 */
function inheritedPresentationalRole(element: Element): string | null {
  const parents = kPresentationInheritanceParents.get(elementTag(element));
  if (!parents) return null;
  const parent = parentElementOrShadowHost(element);
  if (!parent || !isHtml(parent) || !parents.includes(elementTag(parent))) return null;
  return presentationPassedDown(parent);
}

const passedDownCache = passCache<Element, string | null>();

/**
 * The presentational role `parent` hands to its required owned children: its own role=none/presentation
 * when it keeps it, nothing when it has another role, else what it inherits itself. Shared by all the
 * children (the cells of a row, the rows of a table), so it is worked out once per pass.
 */
function presentationPassedDown(parent: Element): string | null {
  let role = passedDownCache.get(parent);
  if (role !== undefined) return role;
  const parentRole = getExplicitAriaRole(parent);
  if (parentRole) role = isPresentationalRole(parentRole) && !ignoresPresentationalRole(parent) ? parentRole : null;
  else role = inheritedPresentationalRole(parent);
  if (inAriaPass()) passedDownCache.set(parent, role);
  return role;
}
