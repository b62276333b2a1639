// The snapshot an action's settle reads in the same call into the page (SettleOptions.snapshot):
// after an action the answer shows the page as it settled, and on a loaded machine every call
// into a renderer waits its turn, so one call fewer is a shorter answer. The request names the
// frame and the exact options the whole-page snapshot would ask of it; the result is kept beside
// what read it (the action's WaitReport, which stays plain data; a text wait's token) until that
// answer's snapshot takes it. A text wait's check reads it the same way when it finds its text.
import type { Frame } from 'playwright';
import type { SnapshotOptions, SnapshotResult } from '../../injected/types.js';

/** A snapshot for the settle of `frame` to read (WaitOptions.snapshot; AriaPage.settleSnapshot builds it). */
export interface SettleSnapshotRequest {
  frame: Frame;
  options: SnapshotOptions;
}

/** What the settle read for a request. */
export interface SettledSnapshot extends SettleSnapshotRequest {
  result: SnapshotResult;
}

/** Keyed by what read it: an action's WaitReport, a text wait's token. */
const settled = new WeakMap<object, SettledSnapshot>();

/** Keeps what the call behind `readBy` read (the last settle of an action wins). */
export function keepSettledSnapshot(readBy: object, snapshot: SettledSnapshot): void {
  settled.set(readBy, snapshot);
}

/** What the call behind `readBy` read, once: a second snapshot of the page asks the page again. */
export function takeSettledSnapshot(readBy: object | undefined): SettledSnapshot | undefined {
  if (!readBy) return undefined;
  const snapshot = settled.get(readBy);
  settled.delete(readBy);
  return snapshot;
}

/** The same call into the frame: equal options, whatever their key order. */
export function sameSnapshotCall(a: SnapshotOptions, b: SnapshotOptions): boolean {
  return canonical(a) === canonical(b);
}

function canonical(options: SnapshotOptions): string {
  const record = options as Record<string, unknown>;
  return JSON.stringify(Object.keys(record).filter(key => record[key] !== undefined).sort().map(key => [key, record[key]]));
}
