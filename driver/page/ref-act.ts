// Acting on a ref's element with Playwright's actionability (visible, stable, enabled, receives
// the event), so that the action lands on that very element or fails at once with the reason:
//  - through `ariaref=act:<ref>`, whose engine throws when the element is removed or renamed,
//    so Playwright's retry loop (it re-queries after a failed hit test) stops at once: an element
//    swapped for a copy mid-click is reported as replaced while acting, not as covered 7 s later;
//  - on a page that replaced the built-ins Playwright's main-world script needs (custom engines
//    run there), through a CSS locator on a one-time attribute the runtime puts on the element
//    over the DevTools protocol: CSS runs in Playwright's isolated world, which the page cannot
//    touch, and keeps every actionability check.
import { randomBytes } from 'node:crypto';
import type { Frame, Locator } from 'playwright';
import { callInFrame } from './cdp-evaluate.js';
import { refSelector, replacedBuiltinsList } from './selector-engine.js';
import { formatCoveringElement, RefError, type CoveringElement } from './refs.js';
import { escapeRegExp, stripAnsi } from '../errors.js';

/** The attribute that marks the element of a ref for one action on a page with replaced built-ins. */
export const ACT_ATTRIBUTE = 'data-ariaref-act';

const TAG_TIMEOUT_MS = 2_000;

/** Sets the one-time attribute on ref's element; the runtime's error when the ref does not resolve. Runs in the page. */
function pageTag(arg: { ref: string; name: string; value: string }): string | null {
  const api = (globalThis as any).__ariaref;
  if (!api) return '__ariaref is not defined in this document';
  const problem = api.checkRef(arg.ref, { live: true });
  if (problem) return problem.error;
  api.resolve(arg.ref).setAttribute(arg.name, arg.value);
  return null;
}

/** Removes the attribute from every element that has it (a page may have cloned the element). Runs in the page. */
function pageUntag(arg: { name: string; value: string }): number {
  const found = document.querySelectorAll(`[${arg.name}="${arg.value}"]`);
  for (let i = 0; i < found.length; i++) found[i]!.removeAttribute(arg.name);
  return found.length;
}

export interface RefAction {
  frame: Frame;
  ref: string;
  /** 'click', 'fill'...: for the message when the element is replaced while acting. */
  action: string;
}

function messageOf(error: unknown): string {
  return stripAnsi(error instanceof Error ? error.message : String(error));
}

/**
 * The error to throw when `error` says the element of `ref` was removed or renamed during the
 * action (the `act:` engine threw), else undefined.
 */
export function replacedWhileActing(ref: string, action: string, error: unknown): RefError | undefined {
  const message = messageOf(error);
  const escaped = escapeRegExp(ref);
  const removed = new RegExp(`Ref ${escaped} \\((.*?)\\) no longer exists`).exec(message);
  if (removed)
    return new RefError(`Ref ${ref} (${removed[1]}) was replaced while acting: the page removed it, or swapped it for a copy, during the ${action}. ` +
      'Take a new snapshot and act on the new ref.', 'replaced', ref);
  const renamed = new RegExp(`Ref ${escaped} was (.*?), is now (.*?)\\. Take`).exec(message);
  if (renamed)
    return new RefError(`Ref ${ref} was ${renamed[1]}, is now ${renamed[2]} (it changed while acting, during the ${action}). Take a new snapshot and act on the new ref.`, 'renamed', ref);
  return undefined;
}

/**
 * Runs `run` on the locator of the ref's element (see the header): the act locator, or on a page
 * whose built-ins broke it, the isolated-world locator of the tagged element.
 */
export async function actOnRef<T>(target: RefAction, run: (locator: Locator) => Promise<T>): Promise<T> {
  try {
    return await run(target.frame.locator(refSelector(target.ref, true)));
  } catch (error) {
    const replaced = replacedWhileActing(target.ref, target.action, error);
    if (replaced) throw replaced;
    const page = target.frame.page();
    const broken = await replacedBuiltinsList(page, messageOf(error)).catch(() => [] as string[]);
    if (!broken.length) throw error;
    return runTagged(target, run, error);
  }
}

async function runTagged<T>(target: RefAction, run: (locator: Locator) => Promise<T>, cause: unknown): Promise<T> {
  const value = randomBytes(8).toString('hex');
  const what = { timeoutMs: TAG_TIMEOUT_MS, what: `Marking the element of ${target.ref}` };
  const problem = await callInFrame(target.frame, pageTag, { ref: target.ref, name: ACT_ATTRIBUTE, value }, what);
  if (problem) throw new RefError(problem, 'removed', target.ref);
  try {
    return await run(target.frame.locator(`[${ACT_ATTRIBUTE}="${value}"]`));
  } catch (error) {
    (error as Error & { cause?: unknown }).cause ??= cause;
    throw error;
  } finally {
    await callInFrame(target.frame, pageUntag, { name: ACT_ATTRIBUTE, value }, { ...what, what: 'Unmarking the element' }).catch(() => 0);
  }
}

/** `Cannot click e5: it is covered by dialog "Cookies" [ref=e9]. Close or dismiss that element first...` */
export function coveredMessage(action: string, target: string, cover: CoveringElement): string {
  return `Cannot ${action} ${target}: it is covered by ${formatCoveringElement(cover)}. ` +
    'Close or dismiss that element first (its close button, or press Escape), then take a new snapshot and retry.';
}
