// Text as the snapshot shows it (shared by the tree, names and the password scrubber).

/** Whitespace as rendered text shows it; zero-width space and soft hyphen render as nothing. */
export function normalizeDisplayText(text: string): string {
  return text.replace(/[\u200b\u00ad]/g, '').replace(/\s+/g, ' ').trim();
}
