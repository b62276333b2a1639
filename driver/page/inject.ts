// Puts the browser runtime into every frame of every page of a context, in two parts
// (injected/early.ts says why). The early part goes into every document before page scripts run:
// context.addInitScript covers the main frame, same- and cross-origin iframes (Playwright attaches
// to out-of-process frames), frames created later and popups; frames that existed before we
// arrived (connect/attach) get it by evaluation. The rest (installing `globalThis.__ariaref`)
// comes with a document's first call: the init script carries it as a function it does not call,
// which the runtime client (runtime.ts) runs in each document it reaches first; a document
// without it gets the whole runtime with the call. So a page load pays for the early part only,
// and a frame that is never snapshotted or acted on never runs the rest.
import type { BrowserContext, Frame, Page } from 'playwright';
import { earlyRuntimeSource, runtimeSource } from '../runtime-source.js';
import { evaluateSource } from './cdp-evaluate.js';

const contextsWithInitScript = new WeakMap<BrowserContext, Promise<void>>();

/** Time allowed to evaluate the runtime into one existing frame. */
const INJECT_TIMEOUT_MS = 3_000;

/**
 * Evaluates the whole runtime (or with `earlyOnly`, the early part) into a frame that is already
 * loaded. Each part installs itself once per document, so injecting twice is harmless. Returns
 * false when the frame could not be reached (detached, busy, still without a document).
 */
export async function injectIntoFrame(frame: Frame, timeoutMs = INJECT_TIMEOUT_MS, earlyOnly = false): Promise<boolean> {
  if (frame.isDetached()) return false;
  try {
    // Evaluated as a script through the DevTools protocol, so page CSP does not block it.
    await evaluateSource(frame, earlyOnly ? earlyRuntimeSource() : runtimeSource(), { timeoutMs, what: 'Injecting the ariaref runtime' });
    return true;
  } catch {
    return false;
  }
}

/** Evaluates the early runtime into every frame of a page (frames that predate the init script). */
export async function injectIntoPage(page: Page, timeoutMs = INJECT_TIMEOUT_MS): Promise<void> {
  if (page.isClosed()) return;
  await Promise.all(page.frames().map(frame => injectIntoFrame(frame, timeoutMs, true)));
}

/**
 * Makes sure every current and future frame of `context` has the early runtime, and so gets the
 * rest on its first call. Idempotent per context; concurrent callers share one installation.
 */
export function installRuntime(context: BrowserContext): Promise<void> {
  let installing = contextsWithInitScript.get(context);
  if (!installing) {
    installing = (async () => {
      await context.addInitScript({ content: earlyRuntimeSource() });
      await Promise.all(context.pages().map(page => injectIntoPage(page)));
    })();
    contextsWithInitScript.set(context, installing);
    // A failed install must be retried by the next caller, not cached forever.
    installing.catch(() => contextsWithInitScript.delete(context));
  }
  return installing;
}

/** True for the error a call gets when `__ariaref` is missing in the frame (runtime.ts raises it). */
export function isMissingRuntimeError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /__ariaref/.test(message) && /undefined|not defined|null/.test(message);
}
