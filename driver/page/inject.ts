// Puts the browser runtime (dist/injected.js, installing `globalThis.__ariaref`) into every
// frame of every page of a context before page scripts run: context.addInitScript covers the
// main frame, same- and cross-origin iframes (Playwright attaches to out-of-process frames),
// frames created later and popups. Frames that existed before we arrived (connect/attach)
// get it by evaluation; a frame found without it is repaired on demand: every call of the
// runtime client (runtime.ts) re-injects once when it finds the runtime missing.
import type { BrowserContext, Frame, Page } from 'playwright';
import { runtimeSource } from '../runtime-source.js';
import { evaluateSource } from './cdp-evaluate.js';

const contextsWithInitScript = new WeakMap<BrowserContext, Promise<void>>();

/** Time allowed to evaluate the runtime into one existing frame. */
const INJECT_TIMEOUT_MS = 3_000;

/**
 * Evaluates the runtime into a frame that is already loaded. The runtime installs itself
 * once per document, so injecting twice is harmless. Returns false when the frame could
 * not be reached (detached, busy, still without a document).
 */
export async function injectIntoFrame(frame: Frame, timeoutMs = INJECT_TIMEOUT_MS): Promise<boolean> {
  if (frame.isDetached()) return false;
  try {
    // Evaluated as a script through the DevTools protocol, so page CSP does not block it.
    await evaluateSource(frame, runtimeSource(), { timeoutMs, what: 'Injecting the ariaref runtime' });
    return true;
  } catch {
    return false;
  }
}

/** Evaluates the runtime into every frame of a page (frames that predate the init script). */
export async function injectIntoPage(page: Page, timeoutMs = INJECT_TIMEOUT_MS): Promise<void> {
  if (page.isClosed()) return;
  await Promise.all(page.frames().map(frame => injectIntoFrame(frame, timeoutMs)));
}

/**
 * Makes sure every current and future frame of `context` has the runtime. Idempotent per
 * context; concurrent callers share one installation.
 */
export function installRuntime(context: BrowserContext): Promise<void> {
  let installing = contextsWithInitScript.get(context);
  if (!installing) {
    installing = (async () => {
      await context.addInitScript({ content: runtimeSource() });
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
