// In-page calls of the wait that can never hang the driver: a page paused by a dialog, a frame
// torn down by a navigation, or a runtime that is missing all turn into a result instead of a
// stuck promise. The calls themselves go through the runtime client (page/runtime.ts).
import type { Frame } from 'playwright';
import type { SettleOptions, SettleReport } from '../../injected/types.js';
import * as runtime from '../page/runtime.js';
import { within, type Bounded } from '../deadline.js';

export type { MarkResult } from '../page/runtime.js';

/** The runtime's markActivity() in `frame`; undefined when the runtime is absent or does not answer. */
export async function markActivity(frame: Frame, timeoutMs: number): Promise<runtime.MarkResult | undefined> {
  return (await runtime.markActivity(frame, timeoutMs).catch(() => null)) ?? undefined;
}

/** The runtime's document id (changes on every cross-document navigation), if it answers. */
export async function documentId(frame: Frame, timeoutMs: number): Promise<string | undefined> {
  const live = await runtime.documentOf(frame, timeoutMs).catch(() => undefined);
  return live?.docId || undefined;
}

/** What reading the answer's snapshot in the settle call may add to it (a large page on a loaded machine). */
const SNAPSHOT_ALLOWANCE_MS = 5_000;

/** The runtime's settle(options) in `frame`, bounded by the settle cap plus `slackMs` (and the snapshot's allowance). */
export function settleIn(frame: Frame, options: SettleOptions, slackMs: number): Promise<Bounded<SettleReport | null>> {
  const cap = (options.timeoutMs ?? 3000) + (options.snapshot ? SNAPSHOT_ALLOWANCE_MS : 0);
  // The client's own deadline is a backstop; `within` reports the outcome (answered, failed, too slow).
  return within(runtime.settle(frame, options, cap + slackMs + 1000), cap + slackMs);
}
