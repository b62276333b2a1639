// The page's style sheets as incremental snapshots need them: a fingerprint that changes with any
// CSSOM edit (insertRule, a declaration set on a rule, sheets added, disabled or adopted), the media
// queries they depend on, and the selector features that reach beyond the parent subtree of a
// changed element (dirty.ts explains that rule).

export interface SheetFeatures {
  /** `:has(` somewhere, or a sheet we cannot read (it may use `:has(`): no reuse at all. */
  unbounded: string;
  /** `@container`: styles follow layout sizes, which a distant change can alter. */
  container: boolean;
  hover: boolean;
  focus: boolean;
  active: boolean;
  /** :valid/:invalid on forms and fieldsets follow every control inside them. */
  validity: boolean;
  /** counter()/quotes in generated content: numbering follows everything before the element. */
  positional: boolean;
  /** Sibling combinators or structural pseudo-classes: a change restyles the element's siblings. */
  siblings: boolean;
}

export interface SheetScan {
  /** Changes whenever a rule, a sheet's media or its disabled state changes. */
  text: string;
  /** Media query texts the sheets use (conditions of @media and @import rules, sheet media). */
  media: string[];
  features: SheetFeatures;
}

/** Scopes get ids so that the same sheet text moving between scopes still reads as a change. */
const scopeIds = new WeakMap<Document | ShadowRoot, number>();
let nextScopeId = 0;

export function emptyFeatures(): SheetFeatures {
  return { unbounded: '', container: false, hover: false, focus: false, active: false, validity: false, positional: false, siblings: false };
}

/** Scan the sheets of one tree scope (document or shadow root), adopted sheets included. */
export function scanSheets(scope: Document | ShadowRoot, into: SheetScan): void {
  let sheets: CSSStyleSheet[];
  try {
    sheets = Array.from(scope.styleSheets as ArrayLike<CSSStyleSheet>);
    const adopted = (scope as { adoptedStyleSheets?: CSSStyleSheet[] }).adoptedStyleSheets;
    if (adopted) for (const sheet of adopted) sheets.push(sheet);
  } catch {
    into.features.unbounded = 'style sheets cannot be listed';
    into.features.siblings = true;
    return;
  }
  // A scope without sheets adds nothing: a new shadow root is not a style change.
  if (!sheets.length) return;
  const parts: string[] = [];
  for (const sheet of sheets) scanSheet(sheet, parts, into);
  const text = parts.join('\n');
  let id = scopeIds.get(scope);
  if (id === undefined) scopeIds.set(scope, id = ++nextScopeId);
  into.text += `\u0000${id}\u0000${text}`;
  noteFeatures(text, into.features);
}

function scanSheet(sheet: CSSStyleSheet, parts: string[], into: SheetScan): void {
  parts.push(sheet.disabled ? '@disabled' : '@enabled');
  const media = sheet.media?.mediaText;
  if (media) { parts.push(`@media ${media}`); into.media.push(media); }
  let rules: CSSRuleList;
  try {
    rules = sheet.cssRules;
  } catch {
    into.features.unbounded = 'a style sheet cannot be read (cross-origin)';
    into.features.siblings = true;
    return;
  }
  // Top-level cssText serializes nested rules too; imported sheets are entered on their own.
  const pending: CSSRuleList[] = [rules];
  let top = true;
  while (pending.length) {
    const list = pending.pop()!;
    for (let i = 0; i < list.length; i++) {
      const rule = list[i] as CSSRule & { media?: MediaList; cssRules?: CSSRuleList; styleSheet?: CSSStyleSheet | null };
      if (top) parts.push(rule.cssText);
      if (rule.media && rule.media.mediaText) into.media.push(rule.media.mediaText);
      if (rule.cssRules) pending.push(rule.cssRules);
      if (rule.styleSheet) scanSheet(rule.styleSheet, parts, into);
    }
    top = false;
  }
}

function noteFeatures(text: string, features: SheetFeatures): void {
  if (!text) return;
  if (!features.unbounded && text.includes(':has(')) features.unbounded = 'the style sheets use :has()';
  if (text.includes('@container')) features.container = true;
  if (text.includes(':hover')) features.hover = true;
  if (text.includes(':focus')) features.focus = true;
  if (text.includes(':active')) features.active = true;
  if (/:(?:user-)?(?:in)?valid\b/.test(text)) features.validity = true;
  if (/\bcounters?\(|open-quote|close-quote/.test(text)) features.positional = true;
  // Over-matches (`+` in calc(), `~=`): that only costs precision.
  if (/[+~]|:(?:nth-|first-|last-|only-|empty)/.test(text)) features.siblings = true;
}
