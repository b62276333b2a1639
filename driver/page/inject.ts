// Puts the browser runtime (dist/injected.js, installing `globalThis.__ariaref`) into every
// frame of every page of a context before page scripts run: context.addInitScript covers the
// main frame, same- and cross-origin iframes (Playwright attaches to out-of-process frames),
// frames created later and popups. Frames that existed before we arrived (connect/attach)
// get it by evaluation; a frame found without it is repaired on demand.
import type { BrowserContext, Frame, Page } from 'playwright';
import { runtimeSource } from '../runtime-source.js';
import { callInFrame, evaluateSource } from './cdp-evaluate.js';

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

/** True when the frame's current document has the runtime. */
export async function hasRuntime(frame: Frame, timeoutMs = INJECT_TIMEOUT_MS): Promise<boolean> {
  try {
    return await callInFrame(frame, () => typeof (globalThis as any).__ariaref === 'object', undefined, { timeoutMs, what: 'Checking for the ariaref runtime' });
  } catch {
    return false;
  }
}

/** Re-injects the runtime when the frame's document lacks it (e.g. created before attach). */
export async function ensureRuntime(frame: Frame, timeoutMs = INJECT_TIMEOUT_MS): Promise<boolean> {
  if (await hasRuntime(frame, timeoutMs)) return true;
  return injectIntoFrame(frame, timeoutMs);
}

/** True for the error a call gets when `__ariaref` is missing in the frame. */
export function isMissingRuntimeError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /__ariaref/.test(message) && /undefined|not defined|null/.test(message);
}
