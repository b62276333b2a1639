// Turns a snapshot ref (or a Playwright selector) into a Playwright Locator, validated fast:
// a wrong, removed or outdated ref fails in one round trip with the runtime's own message
// (or the navigation that made it outdated), never with a generic locator timeout.
import type { Frame, Locator, Page } from 'playwright';
import { parseRef, type FrameRegistry, type LiveDocument, type ParsedRef } from './frames.js';
import { isMissingRuntimeError } from './inject.js';
import { refSelector } from './selector-engine.js';
import { checkRef, documentOf, refCheckLimit, refFor, snapshot, type LiveCheck, type PrepareOptions, type PreparedAction } from './runtime.js';
import type { RefCheckOptions } from '../../injected/types.js';
import { PageTimeoutError, withDeadline } from '../deadline.js';
import { firstLine } from '../errors.js';

export { isRef, parseRef } from './frames.js';

/** Why a ref cannot be used. */
export type RefErrorKind = 'stale' | 'frame-gone' | 'no-snapshot' | 'unknown' | 'removed' | 'renamed' | 'hidden' | 'disabled' | 'replaced' | 'covered' | 'no-runtime';

/** What an empty target is told, by the resolver and by the tools' schemas alike. */
export const EMPTY_TARGET = 'The target is empty: pass a ref from the snapshot (e.g. e5) or a unique selector.';

export class RefError extends Error {
  constructor(message: string, readonly kind: RefErrorKind, readonly ref: string,
    /** The element's role and name at its snapshot, and when that was, when the runtime knew them. */
    readonly element?: { role?: string; name?: string; seenAt?: number }) {
    super(message);
    this.name = 'RefError';
  }
}

/** What ref resolution needs from its page. */
export interface RefTarget {
  page: Page;
  frames: FrameRegistry;
}

async function liveDocument(frame: Frame): Promise<LiveDocument | undefined> {
  return documentOf(frame, refCheckLimit()).catch(() => undefined);
}

/** Ref check in the live document (the client injects the runtime once if the document lacks it). */
async function liveCheck(frame: Frame, parsed: ParsedRef, options?: RefCheckOptions, prepare?: PrepareOptions): Promise<LiveCheck> {
  try {
    return await checkRef(frame, parsed.ref, refCheckLimit(), options, prepare);
  } catch (error) {
    if (!isMissingRuntimeError(error)) throw error;
    throw new RefError(`Ref ${parsed.ref}: the ariaref runtime is not available in its frame (${frame.url()}). Take a new snapshot; if this persists, reload the page.`, 'no-runtime', parsed.ref);
  }
}

/**
 * The frame that owns `ref`, after checking that the ref resolves in its live document (and,
 * with `options`, that its element kept its role and name, is shown, is enabled).
 * @throws RefError with the runtime's message, or the navigation that made the ref stale.
 */
export async function validateRef(target: RefTarget, ref: string, options?: RefCheckOptions): Promise<Frame> {
  return (await checkedRef(target, ref, options)).frame;
}

/** validateRef, and what the check prepared for an action in the ref's frame (`prepare`). */
async function checkedRef(target: RefTarget, ref: string, options?: RefCheckOptions, prepare?: PrepareOptions): Promise<{ frame: Frame; prepared?: PreparedAction }> {
  const parsed = parseRef(ref);
  if (!parsed) throw new RefError(`"${ref}" is not a snapshot ref (refs look like e5 or f2e7). Take a snapshot and use a ref from it.`, 'unknown', ref);
  const frame = target.frames.frameFor(parsed.prefix);
  if (!frame) {
    const liveMain = await liveDocument(target.page.mainFrame());
    throw new RefError(target.frames.missingFrameMessage(parsed, liveMain), 'frame-gone', parsed.ref);
  }
  // A click dispatched at a point is aimed in main-frame coordinates: a child frame's acts through Playwright.
  const guard = prepare?.guard && frame !== target.page.mainFrame() ? { ...prepare, guard: false } : prepare;
  const live = await liveCheck(frame, parsed, options, guard);
  if (!live.check) return { frame, prepared: live.prepared };
  const stale = target.frames.staleRefMessage(parsed, live);
  if (stale) throw new RefError(stale, 'stale', parsed.ref);
  throw new RefError(live.check.error, live.check.kind, parsed.ref, live.check);
}

/** An action's target: its Locator and the frame its element lives in (where the wait watches). */
export interface ResolvedTarget {
  locator: Locator;
  frame: Frame;
  /** The ref, when the target was one (actions then act through refSelector(ref, true)). */
  ref?: string;
  /**
   * What the ref's check prepared in its frame for the action (ResolveOptions.prepare): the wait
   * starts from its activity mark, the aim takes its first look, without asking the page again.
   */
  prepared?: PreparedAction;
}

export interface ResolveOptions {
  /** A selector must match exactly one element now (refs always name one). */
  exactlyOne?: boolean;
  /** What else a ref's element must be now (name unchanged, shown, enabled). */
  check?: RefCheckOptions;
  /** What an action needs of the page, asked in the same call as the check (refs only). */
  prepare?: PrepareOptions;
}

/**
 * Resolves a ref ('e5', 'f2e7': validated now in its frame's live document, fails fast with
 * the reason) or a Playwright selector ('role=button[name="Save"]', '#id': main frame, resolved
 * lazily by Playwright unless `exactlyOne`). The one ref resolution of an action.
 */
export async function resolveTarget(target: RefTarget, refOrSelector: string, options: ResolveOptions = {}): Promise<ResolvedTarget> {
  const trimmed = refOrSelector.trim();
  if (!trimmed) throw new Error(EMPTY_TARGET);
  const parsed = parseRef(trimmed);
  const main = target.page.mainFrame();
  if (!parsed) return { locator: options.exactlyOne ? await uniqueSelector(target, trimmed) : target.page.locator(refOrSelector), frame: main };
  const { frame, prepared } = await checkedRef(target, parsed.ref, options.check, options.prepare);
  return { locator: frame.locator(refSelector(parsed.ref)), frame, ref: parsed.ref, prepared };
}

/** resolveTarget's Locator alone. */
export async function locatorFor(target: RefTarget, refOrSelector: string, options: ResolveOptions = {}): Promise<Locator> {
  return (await resolveTarget(target, refOrSelector, options)).locator;
}

/** A selector checked now: it must be valid and match exactly one element, else an error says what to do. */
async function uniqueSelector(target: RefTarget, selector: string): Promise<Locator> {
  const locator = target.page.locator(selector);
  let count: number;
  try {
    count = await withDeadline(locator.count(), refCheckLimit(), `Counting the elements of "${selector}"`);
  } catch (error) {
    if (error instanceof PageTimeoutError) throw error;
    throw new Error(`"${selector}" is neither a snapshot ref (like e5 or f2e7) nor a valid Playwright selector: ${firstLine(error)}`);
  }
  // Playwright MCP's exact words, "Error: " included: clients compare this error whole, so the
  // next step (take a snapshot, pass a ref) cannot be added here.
  if (count === 0)
    throw new Error(`Error: "${selector}" does not match any elements.`);
  if (count > 1) {
    const candidates = await describeCandidates(target, locator, Math.min(count, MAX_CANDIDATES)).catch(() => []);
    const list = candidates.length ? `:\n${candidates.map(c => `- ${c}`).join('\n')}${count > candidates.length ? `\n- … ${count - candidates.length} more` : ''}\n` : '. ';
    throw new Error(`The selector "${selector}" matches ${count} elements${list}Pass one of these refs as the target, or a more specific selector.`);
  }
  return locator;
}

const MAX_CANDIDATES = 10;

/** `button "Save" [ref=e7]` for each of the first `n` matches (refs minted as needed). */
async function describeCandidates(target: RefTarget, locator: Locator, n: number): Promise<string[]> {
  const frame = target.page.mainFrame();
  const refOptions = { prefix: target.frames.prefixOf(frame), seed: target.frames.seedFor(frame) };
  const out: string[] = [];
  const limit = refCheckLimit();
  for (let i = 0; i < n; i++) {
    const handle = await locator.nth(i).elementHandle({ timeout: limit }).catch(() => null);
    if (!handle) continue;
    try {
      const ref = await refFor(frame, handle, refOptions, limit).catch(() => undefined);
      if (!ref) {
        const tag = await handle.evaluate(el => el.tagName.toLowerCase()).catch(() => 'element');
        out.push(`<${tag}> (hidden or not in the accessibility tree: no ref)`);
        continue;
      }
      const line = await snapshotLine(frame, ref, refOptions);
      const tag = line ? '' : await handle.evaluate(el => el.tagName.toLowerCase()).catch(() => 'element');
      out.push(line ?? `<${tag}> [ref=${ref}] (not in the snapshot: hidden?)`);
    } finally {
      await handle.dispose().catch(() => {});
    }
  }
  return out;
}

/** The element's own snapshot line, without children: `button "Save" [ref=e7]`. */
async function snapshotLine(frame: Frame, ref: string, refOptions: { prefix?: string; seed?: number }): Promise<string | undefined> {
  const result = await snapshot(frame, { ...refOptions, rootRef: ref.replace(/^(f\d+)+/, ''), depth: 0, incremental: false }, refCheckLimit()).catch(() => undefined);
  const first = result?.yaml?.split('\n').find(line => line.trim().startsWith('- '));
  if (!first) return undefined;
  const line = first.trim().replace(/^- /, '').replace(/:$/, '');
  return line.includes('[ref=') ? line : `${line} [ref=${ref}]`;
}

// The sync Locator of a ref (AriaPage.ref) is page/ref-locator.ts: it checks the ref when used.

export { describeCoveringElement, explainInterceptedClick, formatCoveringElement, isInterceptedClickError, type CoveringElement } from './covering.js';
