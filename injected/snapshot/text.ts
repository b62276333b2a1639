// Text as the snapshot shows it (shared by the tree, names and the password scrubber), and as it
// leaves the page: well-formed UTF-16.

/** Anything `normalizeDisplayText` changes: invisible characters, white space other than lone inner spaces. */
const needsDisplayNormalization = /[\u200b\u00ad]|[^\S ]|\s\s|^\s|\s$/;

/** Whitespace as rendered text shows it; zero-width space and soft hyphen render as nothing. */
export function normalizeDisplayText(text: string): string {
  // Most text is already normal: one scan instead of three rewrites.
  if (!needsDisplayNormalization.test(text)) return text;
  return text.replace(/[\u200b\u00ad]/g, '').replace(/\s+/g, ' ').trim();
}

/** Any surrogate code unit: only text with one can hold a lone surrogate. */
const surrogate = /[\uD800-\uDFFF]/;

/** Replace lone surrogates so a page cannot make our JSON malformed. */
export function wellFormed(text: string): string {
  // String.prototype.toWellFormed is ES2024; do it by hand for older engines and jsdom.
  if (!surrogate.test(text)) return text;
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}
