// Search every frame of a page by text, role and name without rendering a snapshot
// (the runtime's find), with the same frame prefixes and seeds as snapshots so refs stay valid.
import type { Frame } from 'playwright';
import type { FindMatch, FindQuery, FindResult } from '../../injected/types.js';
import type { SnapshotTarget } from './snapshot.js';
import * as runtime from './runtime.js';

const FRAME_TIMEOUT_MS = 5_000;

export interface PageFindResult {
  matches: FindMatch[];
  total: number;
  /** Frames that could not be searched (busy, not loaded), one short note each. */
  skipped: string[];
}

async function findInFrame(target: SnapshotTarget, frame: Frame, query: FindQuery): Promise<FindResult> {
  const frameQuery: FindQuery = { ...query, prefix: target.frames.prefixOf(frame), seed: target.frames.seedFor(frame) };
  // The client injects the runtime once into a document that lacks it, like snapshots do.
  const result = await runtime.find(frame, frameQuery, FRAME_TIMEOUT_MS);
  if (result.docId !== undefined && result.lastRef !== undefined)
    target.frames.recordSnapshot(frame, { docId: result.docId, lastRef: result.lastRef, url: result.url ?? frame.url() });
  return result;
}

/** Searches `frames` (all frames of the page when omitted) and merges the matches in frame order. */
export async function findInPage(target: SnapshotTarget, query: FindQuery, frames?: Frame[]): Promise<PageFindResult> {
  const searched = frames ?? target.page.frames().filter(f => !f.isDetached());
  const limit = query.limit ?? 50;
  const results = await Promise.all(searched.map(async frame => {
    try {
      return { frame, result: await findInFrame(target, frame, query) };
    } catch (error) {
      return { frame, error: (error as Error).message.split('\n')[0] };
    }
  }));
  const matches: FindMatch[] = [];
  const skipped: string[] = [];
  let total = 0;
  for (const entry of results) {
    if (!('result' in entry) || !entry.result) {
      // Frames without the runtime (about:blank placeholders) simply have nothing to find.
      if (entry.frame === target.page.mainFrame()) skipped.push(`main frame: ${entry.error}`);
      continue;
    }
    total += entry.result.total;
    const prefix = target.frames.prefixOf(entry.frame);
    for (const match of entry.result.matches) {
      if (matches.length >= limit) break;
      matches.push(prefix ? { ...match, path: `iframe (${prefix}) > ${match.path}` } : match);
    }
  }
  return { matches, total, skipped };
}
