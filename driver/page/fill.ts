// A text field made ready in the page (its whole text selected, focused) for text the driver then
// inserts itself, as Playwright's fill does after its per-document setup (injected/wait/fill.ts).
import type { Frame } from 'playwright';
import { callInFrame } from './cdp-evaluate.js';
import { PageTimeoutError } from '../deadline.js';
import type { PreparedAction } from './runtime.js';

/** Runs in the page: 'ready', or 'playwright' when the runtime cannot (no runtime, the ref no longer resolves, a special field). */
function pageReadyToFill(arg: { ref: string; numeric: boolean }): 'ready' | 'playwright' {
  const api = (globalThis as any).__ariaref;
  if (!api || typeof api.readyToFill !== 'function' || api.checkRef(arg.ref, { live: true })) return 'playwright';
  return api.readyToFill(arg.ref, arg.numeric) === 'ready' ? 'ready' : 'playwright';
}

/** What a ref check prepares for text inserted into its field (PrepareOptions.fill). */
export function fillPreparation(value: string): { mark: true; fill: { numeric: boolean } } {
  // Playwright refuses text that is not a number for input[type=number]: left to it, with its error.
  return { mark: true, fill: { numeric: !Number.isNaN(Number(value)) } };
}

/**
 * Whether ref's element is a plain text field, now selected and focused, into which `value` can
 * be inserted; false: fill it through Playwright, whose checks and errors then apply. A page that
 * does not answer within `timeoutMs` throws PageTimeoutError: Playwright would wait on it too.
 */
export async function readyToFill(frame: Frame, ref: string, value: string, timeoutMs: number): Promise<boolean> {
  const { numeric } = fillPreparation(value).fill;
  const ready = await callInFrame(frame, pageReadyToFill, { ref, numeric }, { timeoutMs, what: `Getting ${ref} ready to fill` })
    .catch(error => {
      if (error instanceof PageTimeoutError) throw error;
      return 'playwright' as const;
    });
  return ready === 'ready';
}

/** readyToFill, answered by the ref's check when it prepared the field (fillPreparation), else asked now. */
export function fieldReady(prepared: PreparedAction | undefined, frame: Frame, ref: string, value: string, timeoutMs: number): Promise<boolean> {
  if (prepared?.fill) return Promise.resolve(prepared.fill === 'ready');
  return readyToFill(frame, ref, value, timeoutMs);
}
