// Which of several texts a page shows, in any of its frames (the text wait's check): each
// frame's runtime answers in one call (injected/wait/text-shown.ts, Playwright's getByText with
// visible elements only). A frame whose runtime cannot answer (a page that broke it) is asked
// through Playwright's own locators, with the same meaning.
import type { Frame, Page } from 'playwright';
import * as runtime from './runtime.js';
import { keepSettledSnapshot, type SettleSnapshotRequest } from './settled-snapshot.js';

/** A frame that takes longer to say is too busy to ask now; the next check asks again. */
const FRAME_ANSWER_MS = 2_000;

/**
 * The first of `texts` some frame of `page` shows now, or undefined. With `snapshot` (as for an
 * action, AriaPage.settleSnapshot), the frame it names reads that snapshot in the same call when
 * it shows one of them, kept for AriaPage.snapshotWithBasis(options, `snapshot.readFor`).
 */
export async function shownText(page: Page, texts: string[], snapshot?: SettleSnapshotRequest & { readFor: object }): Promise<string | undefined> {
  for (const frame of page.frames()) {
    if (frame.isDetached()) continue;
    const asked = snapshot?.frame === frame ? snapshot.options : undefined;
    const read = await runtime.firstTextShown(frame, texts, FRAME_ANSWER_MS, asked).catch(() => null);
    if (read === null) {
      const shown = await shownByPlaywright(frame, texts);
      if (shown !== undefined) return shown;
    } else if (read.index >= 0 && read.index < texts.length) {
      if (read.snapshot && snapshot) keepSettledSnapshot(snapshot.readFor, { frame, options: snapshot.options, result: read.snapshot });
      return texts[read.index];
    }
  }
  return undefined;
}

async function shownByPlaywright(frame: Frame, texts: string[]): Promise<string | undefined> {
  if (!(await visibleCount(frame, texts))) return undefined;
  if (texts.length === 1) return texts[0];
  for (const text of texts) if (await visibleCount(frame, [text])) return text;
  return undefined;
}

/** One protocol call: Playwright keeps only the visible matches in the page. */
function visibleCount(frame: Frame, texts: string[]): Promise<number> {
  let matches = frame.getByText(texts[0]);
  for (const text of texts.slice(1)) matches = matches.or(frame.getByText(text));
  return matches.filter({ visible: true }).count().catch(() => 0);
}
