// What a snapshot sends back: a large page's YAML is hundreds of kilobytes, and after one change
// all but a few lines are the text the driver already holds. Each text sent gets a version; a
// call that names the version of the text the driver holds gets back only what differs from it
// (the common start and end are kept, the middle is sent). Driver side: driver/page/runtime.ts.
import type { SnapshotResult, TextPatch } from '../types';

/** The texts of a result that are sent this way: the YAML and, with a folding budget, its basis. */
const FIELDS = ['yaml', 'basis'] as const;
type Field = typeof FIELDS[number];

/** Compared in chunks of this many characters: one native string comparison per chunk. */
const CHUNK = 1024;

/** Characters `a` and `b` share from the start, at most `max`. */
function commonStart(a: string, b: string, max: number): number {
  let at = 0;
  while (at + CHUNK <= max && a.slice(at, at + CHUNK) === b.slice(at, at + CHUNK)) at += CHUNK;
  while (at < max && a.charCodeAt(at) === b.charCodeAt(at)) at++;
  return at;
}

/** Characters `a` and `b` share at the end, at most `max`. */
function commonEnd(a: string, b: string, max: number): number {
  let n = 0;
  while (n + CHUNK <= max && a.slice(a.length - n - CHUNK, a.length - n) === b.slice(b.length - n - CHUNK, b.length - n)) n += CHUNK;
  while (n < max && a.charCodeAt(a.length - 1 - n) === b.charCodeAt(b.length - 1 - n)) n++;
  return n;
}

/** `next` as a patch of `base`: the shared start and end, and what lies between them in `next`. */
export function patchOf(base: string, next: string, baseVersion: string): TextPatch {
  const head = commonStart(base, next, Math.min(base.length, next.length));
  const tail = commonEnd(base, next, Math.min(base.length, next.length) - head);
  return { base: baseVersion, head, tail, middle: next.slice(head, next.length - tail) };
}

export interface SnapshotTransfer {
  /**
   * Versions the result's texts (`versions.yaml`...); a text whose field in `since` names the
   * version of the text sent last for it goes as a patch instead (`patches.yaml`...).
   */
  send(result: SnapshotResult, since: Partial<Record<Field, string>> | undefined): SnapshotResult;
}

/** One document's sender: it remembers the last text it sent per field. */
export function createSnapshotTransfer(docId: string): SnapshotTransfer {
  const last: Partial<Record<Field, { version: string; text: string }>> = {};
  let counter = 0;
  return {
    send(result, since) {
      for (const field of FIELDS) {
        const text = result[field];
        if (typeof text !== 'string') continue;
        const before = last[field];
        const version = `${docId}.${++counter}`;
        last[field] = { version, text };
        (result.versions ??= {})[field] = version;
        if (!before || !since || since[field] !== before.version) continue;
        (result.patches ??= {})[field] = patchOf(before.text, text, before.version);
        delete result[field];
      }
      return result;
    },
  };
}
