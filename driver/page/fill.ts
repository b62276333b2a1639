// A text field made ready in the page (its whole text selected, focused) for text the driver then
// inserts itself, as Playwright's fill does after its per-document setup (injected/wait/fill.ts).
import type { Frame } from 'playwright';
import { callInFrame } from './cdp-evaluate.js';
import { PageTimeoutError } from '../deadline.js';

/** Runs in the page: 'ready', or 'playwright' when the runtime cannot (no runtime, the ref no longer resolves, a special field). */
function pageReadyToFill(arg: { ref: string; numeric: boolean }): 'ready' | 'playwright' {
  const api = (globalThis as any).__ariaref;
  if (!api || typeof api.readyToFill !== 'function' || api.checkRef(arg.ref, { live: true })) return 'playwright';
  return api.readyToFill(arg.ref, arg.numeric) === 'ready' ? 'ready' : 'playwright';
}

/**
 * Whether ref's element is a plain text field, now selected and focused, into which `value` can
 * be inserted; false: fill it through Playwright, whose checks and errors then apply. A page that
 * does not answer within `timeoutMs` throws PageTimeoutError: Playwright would wait on it too.
 */
export async function readyToFill(frame: Frame, ref: string, value: string, timeoutMs: number): Promise<boolean> {
  // Playwright refuses text that is not a number for input[type=number]: left to it, with its error.
  const numeric = !Number.isNaN(Number(value));
  const ready = await callInFrame(frame, pageReadyToFill, { ref, numeric }, { timeoutMs, what: `Getting ${ref} ready to fill` })
    .catch(error => {
      if (error instanceof PageTimeoutError) throw error;
      return 'playwright' as const;
    });
  return ready === 'ready';
}
