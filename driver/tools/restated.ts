// When an action's echo ("Typed "alice" into e8.") says all its diff would: the diff touched only
// the echo's targets, and each target's new line shows what the echo claims (the typed value, the
// checked state). The answer then carries the echo alone; anything else the action changed (a
// listbox that opened, a message, a value the page rewrote) keeps the diff.
import { isRef, type SnapshotDiff } from '../index.js';

/** What an echo says the page now shows of its target. */
export interface EchoClaim {
  ref: string;
  /** The text typed: the target's line ends with it (a password field shows its mask). */
  value?: string;
  /** Checked or not: the target's line has [checked] or not. */
  checked?: boolean;
}

/** The target's line and the lines of its subtree (deeper-indented lines right after it). */
function subtreeOf(yaml: string, ref: string): string[] | undefined {
  const lines = yaml.split('\n');
  const marker = `[ref=${ref}]`;
  const at = lines.findIndex(line => line.includes(marker));
  if (at < 0) return undefined;
  const indent = (line: string) => line.length - line.trimStart().length;
  let end = at + 1;
  while (end < lines.length && indent(lines[end]!) > indent(lines[at]!)) end++;
  return lines.slice(at, end);
}

/** A YAML scalar as written by the snapshot: plain, "double-quoted" or 'single-quoted'. */
function unquote(text: string): string {
  if (text.startsWith('"')) {
    try { return JSON.parse(text) as string; } catch { return text; }
  }
  if (text.startsWith("'") && text.endsWith("'")) return text.slice(1, -1).replace(/''/g, "'");
  return text;
}

/** The inline text of one line (`- paragraph [ref=e9]: text`, `- text: more`), if any. */
function textOf(line: string): string | undefined {
  const body = line.trim().replace(/^'(.*)':?$|^(.*)$/, (_, quoted, plain) => quoted ?? plain);
  const match = /^- (?:text: (.*)|.*?\[ref=[^\]]+\](?: \[[^\]]+\])*: (.*))$/.exec(body);
  const value = match?.[1] ?? match?.[2];
  return value === undefined ? undefined : unquote(value);
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

function shows(subtree: string[], claim: EchoClaim): boolean {
  const line = subtree[0]!;
  if (claim.value !== undefined) {
    const own = textOf(line);
    // A field shows its value on its line (a password field its mask); a rich-text editor
    // (contenteditable) in the paragraphs under it.
    const inner = squash(subtree.slice(1).map(textOf).filter(t => t !== undefined).join(' '));
    const ok = own !== undefined ? own === claim.value || /^•+$/.test(own) : inner === squash(claim.value);
    if (!ok) return false;
  }
  if (claim.checked !== undefined && /\[checked\]/.test(line) !== claim.checked) return false;
  return true;
}

/** True when `diff` (against `yaml`, the page now) says nothing the echo claims do not. */
export function restatedByEcho(diff: SnapshotDiff, yaml: string, claims: EchoClaim[] | undefined): boolean {
  if (!claims?.length || !diff.touched.size || /^# focus: /m.test(diff.text)) return false;
  const covered = new Set<string>();
  for (const claim of claims) {
    const subtree = subtreeOf(yaml, claim.ref);
    if (!subtree || !shows(subtree, claim)) return false;
    for (const line of subtree) for (const match of line.matchAll(/\[ref=([A-Za-z0-9_-]+)\]/g)) covered.add(match[1]!);
  }
  for (const ref of diff.touched) if (!covered.has(ref)) return false;
  return true;
}

/** The claim of an echo about `target` (none for a selector: the diff names refs). */
export function claimOn(target: string, claim: Omit<EchoClaim, 'ref'>): EchoClaim[] {
  return isRef(target) ? [{ ref: target, ...claim }] : [];
}
