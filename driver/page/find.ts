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

/** Lines of surrounding snapshot shown on each side of a match, as Playwright MCP's find tool shows them. */
const CONTEXT_LINES = 3;

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** Indexes of the lines `index` is nested under, outermost first (each less indented than the last). */
function ancestorsOf(lines: string[], indents: number[], index: number): number[] {
  const found: number[] = [];
  let indent = indents[index]!;
  for (let i = index - 1; i >= 0 && indent > 0; i--) {
    if (!lines[i]!.trim() || indents[i]! >= indent) continue;
    found.push(i);
    indent = indents[i]!;
  }
  return found.reverse();
}

/** The context windows around `matched` (sorted line indexes), overlapping or touching ones merged. */
function windowsAround(matched: number[], lineCount: number, context: number): Array<{ start: number; end: number }> {
  const windows: Array<{ start: number; end: number }> = [];
  for (const line of matched) {
    const start = Math.max(0, line - context);
    const end = Math.min(lineCount - 1, line + context);
    const last = windows[windows.length - 1];
    if (last && start <= last.end + 1) last.end = Math.max(last.end, end);
    else windows.push({ start, end });
  }
  return windows;
}

/**
 * Snapshot excerpts around the matched lines, each under its ancestors so it reads as a piece of
 * the tree: the window's ancestor lines, then the window. Where lines are skipped between two
 * shown lines that are both off the path to a match, `...` marks the gap (the jump down a path
 * is implied by the indentation, so it is not marked).
 */
export function snapshotSnippets(yaml: string, matched: number[], context = CONTEXT_LINES): string[] {
  const lines = yaml.split('\n');
  const indents = lines.map(indentOf);
  const onPath = new Set<number>();
  for (const index of matched) {
    onPath.add(index);
    for (const ancestor of ancestorsOf(lines, indents, index)) onPath.add(ancestor);
  }
  return windowsAround(matched, lines.length, context).map(({ start, end }) => {
    const shown = ancestorsOf(lines, indents, start);
    for (let i = start; i <= end; i++) shown.push(i);
    const out: string[] = [];
    shown.forEach((index, i) => {
      const previous = shown[i - 1];
      if (previous !== undefined && index > previous + 1 && !onPath.has(index) && !onPath.has(previous))
        out.push(' '.repeat(indents[index]!) + '...');
      out.push(lines[index]!);
    });
    return out.join('\n');
  });
}

/** Indexes of the snapshot lines `matches` says match, in order. */
export function matchingLines(yaml: string, matches: (line: string) => boolean): number[] {
  return yaml.split('\n').flatMap((line, index) => line.trim() && matches(line) ? [index] : []);
}
