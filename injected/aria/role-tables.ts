// Data tables for role computation (roles.ts). Sources: WAI-ARIA 1.2 §5.4 (role definitions),
// §6.4 (global states and properties), HTML-AAM element mappings, and Chromium where those leave room.

/** WAI-ARIA 1.2 concrete roles. Abstract roles (command, composite, input, landmark, range, roletype,
 * section, sectionhead, select, structure, widget, window) are deliberately absent: they are invalid in
 * a role attribute and the next token is tried. */
const kAria12Roles = [
  'alert', 'alertdialog', 'application', 'article', 'banner', 'blockquote', 'button', 'caption', 'cell',
  'checkbox', 'code', 'columnheader', 'combobox', 'complementary', 'contentinfo', 'definition', 'deletion',
  'dialog', 'directory', 'document', 'emphasis', 'feed', 'figure', 'form', 'generic', 'grid', 'gridcell',
  'group', 'heading', 'img', 'insertion', 'link', 'list', 'listbox', 'listitem', 'log', 'main', 'marquee',
  'math', 'menu', 'menubar', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'meter', 'navigation', 'none',
  'note', 'option', 'paragraph', 'presentation', 'progressbar', 'radio', 'radiogroup', 'region', 'row',
  'rowgroup', 'rowheader', 'scrollbar', 'search', 'searchbox', 'separator', 'slider', 'spinbutton', 'status',
  'strong', 'subscript', 'superscript', 'switch', 'tab', 'table', 'tablist', 'tabpanel', 'term', 'textbox',
  'time', 'timer', 'toolbar', 'tooltip', 'tree', 'treegrid', 'treeitem',
];

/** Roles Chromium also accepts in a role attribute: ARIA 1.3 additions, Graphics-ARIA and DPUB-ARIA. */
const kExtensionRoles = [
  'mark', 'comment', 'suggestion', 'sectionheader', 'sectionfooter',
  'graphics-document', 'graphics-object', 'graphics-symbol',
  'doc-abstract', 'doc-acknowledgments', 'doc-afterword', 'doc-appendix', 'doc-backlink', 'doc-biblioentry',
  'doc-bibliography', 'doc-biblioref', 'doc-chapter', 'doc-colophon', 'doc-conclusion', 'doc-cover',
  'doc-credit', 'doc-credits', 'doc-dedication', 'doc-endnote', 'doc-endnotes', 'doc-epigraph', 'doc-epilogue',
  'doc-errata', 'doc-example', 'doc-footnote', 'doc-foreword', 'doc-glossary', 'doc-glossref', 'doc-index',
  'doc-introduction', 'doc-noteref', 'doc-notice', 'doc-pagebreak', 'doc-pagefooter', 'doc-pageheader',
  'doc-pagelist', 'doc-part', 'doc-preface', 'doc-prologue', 'doc-pullquote', 'doc-qna', 'doc-subtitle',
  'doc-tip', 'doc-toc',
];

export const kValidRoles: ReadonlySet<string> = new Set([...kAria12Roles, ...kExtensionRoles]);

/**
 * Role tokens mapped onto another role: ARIA 1.3's `image` synonym (kept as `img` inside, see
 * getComputedRole), `presentation`, which wai-aria 1.2 makes a synonym of `none` (computed as none),
 * and the deprecated `directory` (Chromium: list).
 */
export const kRoleSynonyms: ReadonlyMap<string, string> = new Map([['image', 'img'], ['presentation', 'none'], ['directory', 'list']]);

/**
 * Global ARIA attributes whose mere presence (even empty) makes an element ignore role=none/presentation
 * (WAI-ARIA 1.2 §9, "Presentational Roles Conflict Resolution"). This is the set Chromium honours:
 * the attributes ARIA 1.2 deprecated as global (disabled, errormessage, haspopup, invalid), the
 * deprecated drag-and-drop ones (dropeffect, grabbed) and aria-hidden do not count.
 */
export const kGlobalAriaAttributes: readonly string[] = [
  'aria-atomic', 'aria-braillelabel', 'aria-brailleroledescription', 'aria-busy', 'aria-controls',
  'aria-current', 'aria-describedby', 'aria-description', 'aria-details', 'aria-flowto', 'aria-keyshortcuts',
  'aria-label', 'aria-labelledby', 'aria-live', 'aria-owns', 'aria-relevant', 'aria-roledescription',
];

/** Roles on which ARIA 1.2 (and 1.3) prohibit aria-label/aria-labelledby. */
const kNamingProhibitedRoles = [
  'caption', 'code', 'definition', 'deletion', 'emphasis', 'generic', 'insertion', 'mark', 'none', 'paragraph',
  'presentation', 'strong', 'subscript', 'suggestion', 'superscript', 'term', 'time',
];

/** For `hasGlobalAriaAttribute(element, forRole)`: attributes prohibited on a role do not count for it. */
export const kProhibitedAttributes: ReadonlyMap<string, readonly string[]> = new Map(Object.entries({
  'aria-label': kNamingProhibitedRoles,
  'aria-labelledby': kNamingProhibitedRoles,
  'aria-roledescription': ['generic', 'none', 'presentation'],
  'aria-braillelabel': kNamingProhibitedRoles,
  'aria-brailleroledescription': ['generic', 'none', 'presentation'],
}));

// Tag-keyed tables are Maps so that element names like <constructor> never hit Object.prototype.

/** HTML elements whose role never depends on context or attributes (HTML-AAM §4). */
export const kFixedImplicitRoles: ReadonlyMap<string, string> = new Map(Object.entries({
  address: 'group',
  article: 'article',
  blockquote: 'blockquote',
  button: 'button',
  caption: 'caption',
  code: 'code',
  datalist: 'listbox',
  dd: 'definition',
  del: 'deletion',
  details: 'group',
  dfn: 'term',
  dialog: 'dialog',
  dt: 'term',
  em: 'emphasis',
  fieldset: 'group',
  figure: 'figure',
  h1: 'heading', h2: 'heading', h3: 'heading', h4: 'heading', h5: 'heading', h6: 'heading',
  hgroup: 'group',
  hr: 'separator',
  html: 'document',
  ins: 'insertion',
  li: 'listitem',
  main: 'main',
  mark: 'mark',
  menu: 'list',
  meter: 'meter',
  nav: 'navigation',
  ol: 'list',
  optgroup: 'group',
  option: 'option',
  output: 'status',
  p: 'paragraph',
  progress: 'progressbar',
  s: 'deletion',
  search: 'search',
  strong: 'strong',
  sub: 'subscript',
  sup: 'superscript',
  table: 'table',
  tbody: 'rowgroup',
  textarea: 'textbox',
  tfoot: 'rowgroup',
  thead: 'rowgroup',
  time: 'time',
  tr: 'row',
  ul: 'list',
}));

/**
 * HTML elements with no corresponding role (HTML-AAM "No corresponding role", plus document metadata
 * and elements that are never rendered as content). Every other HTML element without a rule, including
 * custom elements and obsolete presentational ones (font, center, big...), is `generic` as in Chromium.
 */
export const kNoRoleElements: ReadonlySet<string> = new Set([
  'abbr', 'area', 'audio', 'base', 'br', 'canvas', 'cite', 'col', 'colgroup', 'dl', 'embed', 'figcaption',
  'frame', 'frameset', 'head', 'iframe', 'label', 'legend', 'link', 'map', 'meta', 'noscript', 'object',
  'param', 'picture', 'rp', 'rt', 'ruby', 'script', 'slot', 'source', 'style', 'template', 'title', 'track',
  'video', 'wbr',
]);

/** Input types whose role is not textbox-like (HTML-AAM input mappings; file follows every browser: button). */
export const kInputTypeRoles: ReadonlyMap<string, string | null> = new Map(Object.entries({
  button: 'button',
  checkbox: 'checkbox',
  file: 'button',
  hidden: null,
  image: 'button',
  number: 'spinbutton',
  radio: 'radio',
  range: 'slider',
  reset: 'button',
  submit: 'button',
}));

/** Input types that become a combobox when their `list` attribute points at a <datalist>. */
export const kListInputTypes: ReadonlySet<string> = new Set(['text', 'search', 'tel', 'url', 'email']);

/**
 * Presentational inheritance (WAI-ARIA 1.2 §9.3): an element without an explicit role whose parent
 * has one of these tags inherits that parent's role=none/presentation, walking up through chains such
 * as td -> tr -> tbody -> table. The parent lists are the required-context elements of each tag.
 */
export const kPresentationInheritanceParents: ReadonlyMap<string, readonly string[]> = new Map(Object.entries({
  dd: ['dl', 'div'],
  div: ['dl'],
  dt: ['dl', 'div'],
  li: ['ol', 'ul', 'menu'],
  option: ['select', 'datalist', 'optgroup'],
  optgroup: ['select'],
  tbody: ['table'],
  td: ['tr'],
  tfoot: ['table'],
  th: ['tr'],
  thead: ['table'],
  tr: ['thead', 'tbody', 'tfoot', 'table'],
}));

/** Ancestors that scope <header>/<footer> to a section (then generic, not banner/contentinfo). */
export const kLandmarkScopingTags: ReadonlySet<string> = new Set(['article', 'aside', 'main', 'nav', 'section']);
export const kLandmarkScopingRoles: ReadonlySet<string> = new Set(['article', 'complementary', 'main', 'navigation', 'region']);

/** Ancestors that scope <aside> to sectioning content (then complementary only when named), as Chromium does. */
export const kAsideScopingTags: ReadonlySet<string> = new Set(['article', 'aside', 'nav', 'section']);
export const kAsideScopingRoles: ReadonlySet<string> = new Set(['article', 'complementary', 'navigation']);
