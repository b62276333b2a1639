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

function lineOfRef(yaml: string, ref: string): string | undefined {
  const marker = `[ref=${ref}]`;
  return yaml.split('\n').find(line => line.includes(marker));
}

function shows(line: string, claim: EchoClaim): boolean {
  if (claim.value !== undefined) {
    const value = /\[ref=[^\]]+\](?: \[[^\]]+\])*: (.*)$/.exec(line)?.[1];
    if (value === undefined ? claim.value !== '' : value !== claim.value && !/^•+$/.test(value)) return false;
  }
  if (claim.checked !== undefined && /\[checked\]/.test(line) !== claim.checked) return false;
  return true;
}

/** True when `diff` (against `yaml`, the page now) says nothing the echo claims do not. */
export function restatedByEcho(diff: SnapshotDiff, yaml: string, claims: EchoClaim[] | undefined): boolean {
  if (!claims?.length || !diff.touched.size || /^# focus: /m.test(diff.text)) return false;
  for (const ref of diff.touched) {
    const claim = claims.find(c => c.ref === ref);
    const line = claim && lineOfRef(yaml, ref);
    if (!claim || !line || !shows(line, claim)) return false;
  }
  return true;
}

/** The claim of an echo about `target` (none for a selector: the diff names refs). */
export function claimOn(target: string, claim: Omit<EchoClaim, 'ref'>): EchoClaim[] {
  return isRef(target) ? [{ ref: target, ...claim }] : [];
}
