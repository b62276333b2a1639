// Turns a snapshot ref (or a Playwright selector) into a Playwright Locator, validated fast:
// a wrong, removed or outdated ref fails in one round trip with the runtime's own message
// (or the navigation that made it outdated), never with a generic locator timeout.
import type { Frame, Locator, Page } from 'playwright';
import { parseRef, type FrameRegistry, type LiveDocument, type ParsedRef } from './frames.js';
import { isMissingRuntimeError } from './inject.js';
import { refSelector } from './selector-engine.js';
import { checkRef, documentOf, type LiveCheck } from './runtime.js';
import { PageTimeoutError, withDeadline } from '../deadline.js';
import { firstLine } from '../errors.js';

export { isRef, parseRef } from './frames.js';

/** Why a ref cannot be used. */
export type RefErrorKind = 'stale' | 'frame-gone' | 'no-snapshot' | 'unknown' | 'removed' | 'no-runtime';

export class RefError extends Error {
  constructor(message: string, readonly kind: RefErrorKind, readonly ref: string) {
    super(message);
    this.name = 'RefError';
  }
}

/** What ref resolution needs from its page. */
export interface RefTarget {
  page: Page;
  frames: FrameRegistry;
}

const CHECK_TIMEOUT_MS = 3_000;

async function liveDocument(frame: Frame): Promise<LiveDocument | undefined> {
  return documentOf(frame, CHECK_TIMEOUT_MS).catch(() => undefined);
}

/** Ref check in the live document (the client injects the runtime once if the document lacks it). */
async function liveCheck(frame: Frame, parsed: ParsedRef): Promise<LiveCheck> {
  try {
    return await checkRef(frame, parsed.ref, CHECK_TIMEOUT_MS);
  } catch (error) {
    if (!isMissingRuntimeError(error)) throw error;
    throw new RefError(`Ref ${parsed.ref}: the ariaref runtime is not available in its frame (${frame.url()}). Take a new snapshot; if this persists, reload the page.`, 'no-runtime', parsed.ref);
  }
}

/**
 * The frame that owns `ref`, after checking that the ref resolves in its live document.
 * @throws RefError with the runtime's message, or the navigation that made the ref stale.
 */
export async function validateRef(target: RefTarget, ref: string): Promise<Frame> {
  const parsed = parseRef(ref);
  if (!parsed) throw new RefError(`"${ref}" is not a snapshot ref (refs look like e5 or f2e7). Take a snapshot and use a ref from it.`, 'unknown', ref);
  const frame = target.frames.frameFor(parsed.prefix);
  if (!frame) {
    const liveMain = await liveDocument(target.page.mainFrame());
    throw new RefError(target.frames.missingFrameMessage(parsed, liveMain), 'frame-gone', parsed.ref);
  }
  const live = await liveCheck(frame, parsed);
  if (!live.check) return frame;
  const stale = target.frames.staleRefMessage(parsed, live);
  if (stale) throw new RefError(stale, 'stale', parsed.ref);
  throw new RefError(live.check.error, live.check.kind, parsed.ref);
}

/** An action's target: its Locator and the frame its element lives in (where the wait watches). */
export interface ResolvedTarget {
  locator: Locator;
  frame: Frame;
}

export interface ResolveOptions {
  /** A selector must match exactly one element now (refs always name one). */
  exactlyOne?: boolean;
}

/**
 * Resolves a ref ('e5', 'f2e7': validated now in its frame's live document, fails fast with
 * the reason) or a Playwright selector ('role=button[name="Save"]', '#id': main frame, resolved
 * lazily by Playwright unless `exactlyOne`). The one ref resolution of an action.
 */
export async function resolveTarget(target: RefTarget, refOrSelector: string, options: ResolveOptions = {}): Promise<ResolvedTarget> {
  const trimmed = refOrSelector.trim();
  const parsed = parseRef(trimmed);
  const main = target.page.mainFrame();
  if (!parsed) return { locator: options.exactlyOne ? await uniqueSelector(target.page, trimmed) : target.page.locator(refOrSelector), frame: main };
  const frame = await validateRef(target, parsed.ref);
  return { locator: frame.locator(refSelector(parsed.ref)), frame };
}

/** resolveTarget's Locator alone. */
export async function locatorFor(target: RefTarget, refOrSelector: string, options: ResolveOptions = {}): Promise<Locator> {
  return (await resolveTarget(target, refOrSelector, options)).locator;
}

/** A selector checked now: it must be valid and match exactly one element, else an error says what to do. */
async function uniqueSelector(page: Page, selector: string): Promise<Locator> {
  const locator = page.locator(selector);
  let count: number;
  try {
    count = await withDeadline(locator.count(), CHECK_TIMEOUT_MS, `Counting the elements of "${selector}"`);
  } catch (error) {
    if (error instanceof PageTimeoutError) throw error;
    throw new Error(`"${selector}" is neither a snapshot ref (like e5 or f2e7) nor a valid Playwright selector: ${firstLine(error)}`);
  }
  if (count === 0)
    throw new Error(`No element matches the selector "${selector}". Take a snapshot and pass the ref of the element instead.`);
  if (count > 1)
    throw new Error(`The selector "${selector}" matches ${count} elements. Use a ref from a snapshot, or a more specific selector.`);
  return locator;
}

/**
 * A Locator for a ref without a round trip (sync). Routes to the ref's frame when known.
 * Unknown refs still fail fast when used (the selector engine throws the runtime's message).
 */
export function refLocator(target: RefTarget, ref: string): Locator {
  const parsed = parseRef(ref);
  if (!parsed) return target.page.locator(ref);
  const frame = target.frames.frameFor(parsed.prefix) ?? target.page.mainFrame();
  return frame.locator(refSelector(parsed.ref));
}

export { describeCoveringElement, explainInterceptedClick, formatCoveringElement, isInterceptedClickError, type CoveringElement } from './covering.js';
