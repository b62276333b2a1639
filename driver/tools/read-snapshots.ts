// What the agent has read of a tab's page: the bases of its diffs (--snapshot-mode diff). Two are
// kept: the last whole-page snapshot, and the last one of the page outside a modal scope. While a
// menu, popover or modal dialog is open the snapshot shows only it (the page behind is inert, or
// hidden by the widget); when it closes, the page is compared with the page as the agent read it
// before it opened, so closing the menu and what choosing an item changed cost a few lines, not
// the whole page again. Each diff is taken against both, the shorter one is sent.
import { diffSnapshots, type SnapshotDiff } from '../index.js';

interface Read {
  /** What a diff compares: the snapshot before folding (AriaPage.snapshotWithBasis). */
  basis: string;
  url: string;
  refs: Set<string>;
}

/** A modal scope shows few of the page's refs and is much smaller than the page. */
const SCOPE_SHARED = 0.5;
const SCOPE_SIZE = 0.5;

function refsOf(yaml: string): Set<string> {
  const refs = new Set<string>();
  for (const match of yaml.matchAll(/\[ref=([A-Za-z0-9_-]+)\]/g)) refs.add(match[1]);
  return refs;
}

/** Whether `read` looks like a part of `page` shown alone (a menu, a dialog), not the page itself. */
function isScopeOf(read: Read, page: Read): boolean {
  if (read.url !== page.url || read.basis.length >= page.basis.length * SCOPE_SIZE) return false;
  let shared = 0;
  for (const ref of read.refs) if (page.refs.has(ref)) shared++;
  return shared < page.refs.size * SCOPE_SHARED;
}

/** The diff header's reminder, for an agent meeting its first diff: once per tab is enough. */
const EXPLANATION = / \(unchanged parts omitted\)$/m;

export class ReadSnapshots {
  private last: Read | undefined;
  private page: Read | undefined;
  private explained = false;

  /** A diff's text as the agent gets it: the header says what a diff leaves out the first time only. */
  shownText(diff: SnapshotDiff): string {
    if (!this.explained) { this.explained = true; return diff.text; }
    return diff.text.replace(EXPLANATION, '');
  }

  /** A whole-page snapshot the agent got, whole or as a diff. */
  record(basis: string, url: string): void {
    const read: Read = { basis, url, refs: refsOf(basis) };
    if (!this.page || !isScopeOf(read, this.page)) this.page = read;
    this.last = read;
  }

  /**
   * What changed since what the agent read of this page, against the last snapshot and against
   * the page outside the last modal scope, whichever reads shorter; undefined when no basis is
   * for this URL or the diff would not be shorter than `shownLength` (the snapshot itself).
   */
  diff(basis: string, url: string, shownLength: number, expectedFocus?: ReadonlySet<string>): SnapshotDiff | undefined {
    const last = this.last?.url === url ? this.last : undefined;
    const page = this.page?.url === url && this.page !== this.last ? this.page : undefined;
    let best: SnapshotDiff | undefined;
    if (last) best = diffSnapshots(last.basis, basis, { expectedFocus });
    // Against the page before the scope: what the scope showed and is now gone is told as removed.
    if (page) {
      const diff = diffSnapshots(page.basis, basis, { alsoRead: last?.basis, expectedFocus });
      if (best === undefined || diff.text.length < best.text.length) best = diff;
    }
    return best !== undefined && best.text.length < shownLength ? best : undefined;
  }
}
