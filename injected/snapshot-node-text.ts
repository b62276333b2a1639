// Text as the snapshot shows it (shared by the tree, names and the password scrubber).

/** Anything `normalizeDisplayText` changes: invisible characters, white space other than lone inner spaces. */
const needsDisplayNormalization = /[\u200b\u00ad]|[^\S ]|\s\s|^\s|\s$/;

/** Whitespace as rendered text shows it; zero-width space and soft hyphen render as nothing. */
export function normalizeDisplayText(text: string): string {
  // Most text is already normal: one scan instead of three rewrites.
  if (!needsDisplayNormalization.test(text)) return text;
  return text.replace(/[\u200b\u00ad]/g, '').replace(/\s+/g, ' ').trim();
}
