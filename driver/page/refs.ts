// Turns a snapshot ref (or a Playwright selector) into a Playwright Locator, validated fast:
// a wrong, removed or outdated ref fails in one round trip with the runtime's own message
// (or the navigation that made it outdated), never with a generic locator timeout.
import type { Frame, Locator, Page } from 'playwright';
import type { RefCheck } from '../../injected/types.js';
import { parseRef, type FrameRegistry, type LiveDocument, type ParsedRef } from './frames.js';
import { injectIntoFrame } from './inject.js';
import { refSelector } from './selector-engine.js';
import { callInFrame } from './cdp-evaluate.js';

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

interface LiveCheck extends LiveDocument {
  check: RefCheck;
}

function checkInFrame(frame: Frame, ref: string): Promise<LiveCheck | null> {
  return callInFrame(frame, r => {
    const api = (globalThis as any).__ariaref;
    // No page built-ins here (String, JSON...): the page may have replaced them.
    return api ? { check: api.checkRef(r), docId: `${api.docId}`, url: location.href } : null;
  }, ref, { timeoutMs: CHECK_TIMEOUT_MS, what: `Checking ref ${ref}` });
}

async function liveDocument(frame: Frame): Promise<LiveDocument | undefined> {
  const live = await checkInFrame(frame, 'e0').catch(() => null);
  return live ? { docId: live.docId, url: live.url } : undefined;
}

/** Ref check in the live document, injecting the runtime once if the document lacks it. */
async function liveCheck(frame: Frame, parsed: ParsedRef): Promise<LiveCheck> {
  let live = await checkInFrame(frame, parsed.ref);
  if (!live && await injectIntoFrame(frame)) live = await checkInFrame(frame, parsed.ref);
  if (!live)
    throw new RefError(`Ref ${parsed.ref}: the ariaref runtime is not available in its frame (${frame.url()}). Take a new snapshot; if this persists, reload the page.`, 'no-runtime', parsed.ref);
  return live;
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

/**
 * A Locator for a ref ('e5', 'f2e7': validated now, fails fast) or for any Playwright
 * selector ('role=button[name="Save"]', '#id', 'text=Hi': resolved lazily by Playwright).
 */
export async function locatorFor(target: RefTarget, refOrSelector: string): Promise<Locator> {
  const parsed = parseRef(refOrSelector);
  if (!parsed) return target.page.locator(refOrSelector);
  const frame = await validateRef(target, parsed.ref);
  return frame.locator(refSelector(parsed.ref));
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
