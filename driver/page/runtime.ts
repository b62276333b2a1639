// The one typed door into the page runtime (`globalThis.__ariaref`, installed by injected/index.ts):
// one function per runtime method the driver uses, typed from injected/types.ts. Every call
//  - runs in the frame's main world through the DevTools protocol (cdp-evaluate.ts), by value, so
//    a page that replaced built-ins cannot break it; Playwright's evaluate is only the fallback
//    where the protocol cannot reach the frame (other browsers, a frame not located for certain);
//  - is bounded by ONE deadline covering all its attempts (deadline.ts);
//  - installs the rest of the runtime in a document it reaches first (LOAD_REST, inject.ts), and
//    carries the whole runtime once the document is found without it (older than our init script);
//  - is retried once on the new document when a navigation replaced the old one mid-call.
// The driver's page functions that talk to `__ariaref` live here and nowhere else (the `ariaref=`
// selector engine aside: Playwright runs it). They travel as source with their argument spliced
// in as a JSON literal, so they use no closure, no import, no nested function and no page
// built-in (no array spread or iterator, no JSON, no String()).
//
// Elements: Playwright has no public way to turn its ElementHandle into a protocol object, so a
// call about an element is asked by ref wherever the driver has one (covering: the runtime
// resolves the ref itself); the iframe element holding a child frame is reached over the
// protocol from the child's frame id (DOM.getFrameOwner); only a bare ElementHandle (AriaPage
// refFor, the element of a selector, the iframe of a frame the protocol cannot locate) goes
// through the handle, i.e. through Playwright's evaluate.
import type { ElementHandle, Frame } from 'playwright';
import type {
  ActivityMark, CoveringElement, FindQuery, PointerAim, FindResult, LocatorStep, RefCheck, RefCheckOptions, RuntimeApi, SettleOptions, SettleReport,
  SnapshotOptions, SnapshotResult, TextPatch, TextShownRead,
} from '../../injected/types.js';
import type { LiveDocument } from './frames.js';
import { callInFrame, callOnFrameOwner } from './cdp-evaluate.js';
import { locateFrame } from './cdp-frames.js';
import { injectIntoFrame, isMissingRuntimeError } from './inject.js';
import { runtimeSource } from '../runtime-source.js';
import { patienceUnderLoad, withDeadline } from '../deadline.js';
import { documentLoaded } from '../navigation/loaded.js';
import { isNavigationError } from '../errors.js';

export type { LiveDocument } from './frames.js';

/** A ref check, with the facts of the document it ran in (one round trip). */
export interface LiveCheck extends LiveDocument {
  check: RefCheck;
  /** What the same call prepared for the action, when the ref passed its check (PrepareOptions). */
  prepared?: PreparedAction;
}

/** What an action's ref check may prepare in the same call into the page. */
export interface PrepareOptions {
  /** Open the action's activity mark. */
  mark?: boolean;
  /** Take the first look at where a click lands (aimAt, not centered). */
  aim?: boolean;
  /** With `aim`: arm the pointer guard for a click the driver dispatches at the aim's point itself. */
  guard?: boolean;
  /**
   * After the mark: select the whole text of a plain text field and focus it, for text the driver
   * inserts itself (injected/wait/fill.ts); `numeric`: the text is a number (input[type=number] takes it).
   */
  fill?: { numeric: boolean };
  /**
   * Before the mark: the element's locator steps (what AriaPage.locatorPath reads for the action's
   * code), so the code of a ref action costs no call of its own into the page.
   */
  locator?: { testIdAttribute: string };
}

/** Prepared by the check: the mark, and the first aim (null: the runtime could not aim; SELF is assumed). */
export interface PreparedAction {
  mark?: MarkResult;
  aim?: PointerAim | null;
  /** 'ready': the field is selected and focused; 'playwright': fill it through Playwright. */
  fill?: 'ready' | 'playwright';
  /** The element's locator steps as they were before the action; null: the runtime could not make them. */
  locator?: LocatorStep[] | null;
}

/** The mark opened before an action, and the document it was opened in. */
export type MarkResult = ActivityMark & { docId: string };

/** The frame prefix and counter floor a minted ref gets (as for snapshots). */
export type RefOptions = Pick<SnapshotOptions, 'prefix' | 'seed'>;

/** The iframe element that holds the child frame `ownerOf`, in that frame's parent. */
export interface FrameOwner {
  ownerOf: Frame;
}

/** What refFor can be asked about. */
export type ElementTarget = ElementHandle | FrameOwner;

const CHECK_TIMEOUT_MS = 3_000;
const REF_FOR_TIMEOUT_MS = 3_000;
const PRESENCE_TIMEOUT_MS = 3_000;
/**
 * How long a check of a ref's element (checkRef, what covers it, which refs a selector matches)
 * waits for its page before calling it stuck: longer on an overloaded machine, where a live
 * renderer waits seconds for its turn (24 sessions on 2 cores failed clicks on pages that were
 * only slow).
 */
export function refCheckLimit(): number {
  return patienceUnderLoad(CHECK_TIMEOUT_MS);
}
/**
 * Each attempt gets the time left plus this, so the overall deadline (with the caller's `ms`) is
 * the one that reports a timeout, never an attempt's own.
 */
const ATTEMPT_SLACK_MS = 1_000;

// ---- page functions (serialized: see the header) ----

/** `__ariaref[method](a, b)`: a fixed arity instead of a spread, which would use the page's array iterator. */
function pageInvoke(call: { method: string; args: unknown[]; optional?: boolean }): unknown {
  const api = (globalThis as any).__ariaref;
  if (!api) throw new Error('__ariaref is not defined in this document');
  if (typeof api[call.method] !== 'function') {
    if (call.optional) return null;
    throw new Error(`The ariaref runtime of this document has no ${call.method}()`);
  }
  const args = call.args;
  return api[call.method](args[0], args[1]);
}

function pageCheckRef(arg: { ref: string; options?: RefCheckOptions; prepare?: PrepareOptions }): LiveCheck {
  const api = (globalThis as any).__ariaref;
  if (!api) throw new Error('__ariaref is not defined in this document');
  const check = api.checkRef(arg.ref, arg.options);
  // A template literal rather than the page's String().
  const docId = `${api.docId}`;
  const prepare = arg.prepare;
  if (check || !prepare) return { check, docId, url: location.href };
  const prepared: PreparedAction = {};
  if (prepare.locator) {
    try { prepared.locator = typeof api.locatorFor === 'function' ? api.locatorFor(arg.ref, prepare.locator.testIdAttribute) : null; } catch { prepared.locator = null; }
  }
  if (prepare.aim && typeof api.aimAt === 'function') {
    try { prepared.aim = api.aimAt(arg.ref, false, prepare.guard === true); } catch { prepared.aim = null; }
  }
  // The mark opens when nothing of ours runs in the page any more before the action.
  if (prepare.mark && typeof api.markActivity === 'function') prepared.mark = { ...(api.markActivity() as ActivityMark), docId };
  // The action itself starts here, after the mark: what focusing the field sets off is the action's work.
  if (prepare.fill) {
    try { prepared.fill = typeof api.readyToFill === 'function' && api.readyToFill(arg.ref, prepare.fill.numeric) === 'ready' ? 'ready' : 'playwright'; } catch { prepared.fill = 'playwright'; }
  }
  return { check, docId, url: location.href, prepared };
}

function pageDocument(): LiveDocument {
  const api = (globalThis as any).__ariaref;
  if (!api) throw new Error('__ariaref is not defined in this document');
  return { docId: `${api.docId}`, url: location.href };
}

function pageMarkActivity(): MarkResult | null {
  const api = (globalThis as any).__ariaref;
  if (!api) throw new Error('__ariaref is not defined in this document');
  if (typeof api.markActivity !== 'function') return null;
  return { ...(api.markActivity() as ActivityMark), docId: `${api.docId}` };
}

/** Called with the element: a Playwright handle's, or `this` of a protocol call (frame owners). */
function pageRefFor(element: Element, options: RefOptions | undefined): string | null {
  const api = (globalThis as any).__ariaref;
  if (!api) throw new Error('__ariaref is not defined in this document');
  return api.refFor(element, options) ?? null;
}

/** What covers the center of ref's element (the runtime's hit test, injected/wait/hit-target.ts); null when it is on top. */
function pageCoveringElement(ref: string): CoveringElement | null {
  const api = (globalThis as any).__ariaref;
  if (!api) throw new Error('__ariaref is not defined in this document');
  return typeof api.coveringElementOf === 'function' ? api.coveringElementOf(ref) : null;
}

function pageLocatorFor(arg: { ref: string; testIdAttribute: string }): LocatorStep[] {
  const api = (globalThis as any).__ariaref;
  if (!api) throw new Error('__ariaref is not defined in this document');
  if (typeof api.locatorFor !== 'function') throw new Error('The ariaref runtime of this document has no locatorFor()');
  return api.locatorFor(arg.ref, arg.testIdAttribute);
}

function pageHasRuntime(): boolean {
  return typeof (globalThis as any).__ariaref === 'object';
}

// ---- the call: deadline, re-injection, the new document ----

interface CallSpec {
  timeoutMs: number;
  /** What is being done, for the timeout message ("The frame snapshot"). */
  what: string;
  /** Call the new document when a navigation replaced the old one mid-call (default true). */
  followNavigation?: boolean;
}

async function waitForNewDocument(frame: Frame, ms: number): Promise<void> {
  const timeout = Math.max(1, ms);
  await withDeadline(documentLoaded(frame, timeout), timeout + 500, 'Waiting for the new document').catch(() => {});
}

/**
 * One attempt of a call. `withRuntime`: the document was found without the runtime (it gets the
 * rest of it on its first call, inject.ts), so this attempt carries the runtime itself.
 */
type Attempt<T> = (ms: number, withRuntime: boolean) => Promise<T>;

async function attempts<T>(frame: Frame, attempt: Attempt<T>, spec: CallSpec, carriesRuntime: boolean): Promise<T> {
  const end = Date.now() + spec.timeoutMs;
  const left = () => Math.max(0, end - Date.now());
  let followed = spec.followNavigation === false;
  let withRuntime = false;
  for (;;) {
    try {
      return await attempt(left() + ATTEMPT_SLACK_MS, withRuntime);
    } catch (error) {
      if (!followed && isNavigationError(error)) {
        followed = true;
        await waitForNewDocument(frame, left());
        continue;
      }
      if (!withRuntime && isMissingRuntimeError(error)) {
        withRuntime = true;
        // Injected in the same evaluation as the call where the attempt can: a page that replaces
        // its document every few milliseconds cannot slip a new one in between the two.
        if (carriesRuntime || await injectIntoFrame(frame, left())) continue;
      }
      throw error;
    }
  }
}

/** `attempt` with the retries above, failing with PageTimeoutError(`what`) after `timeoutMs` in all. */
function call<T>(frame: Frame, spec: CallSpec, attempt: Attempt<T>, carriesRuntime = false): Promise<T> {
  return withDeadline(attempts(frame, attempt, spec, carriesRuntime), spec.timeoutMs, spec.what);
}

/** A page function in `frame`'s main world (DevTools path, Playwright fallback), with the retries. */
function callFunction<A, R>(frame: Frame, fn: (arg: A) => R, arg: A, spec: CallSpec & { awaitPromise?: boolean }): Promise<Awaited<R>> {
  return call(frame, spec, (ms, withRuntime) => callInFrame(frame, fn, arg, {
    timeoutMs: ms, what: spec.what, awaitPromise: spec.awaitPromise,
    oncePerDocument: LOAD_REST, prelude: withRuntime ? runtimeSource() : undefined,
  }) as Promise<Awaited<R>>, true);
}

/**
 * Run first in each document the protocol reaches: the rest of the runtime, from the function the
 * init script left (inject.ts; `__ariarefEarly` is injected/early.ts's global). A document without it (older than our init script) fails the
 * call as missing the runtime, and the next attempt carries the whole runtime.
 */
const LOAD_REST = 'globalThis.__ariarefEarly?.loadRest?.()';

type Api = Required<RuntimeApi>;
/** Runtime methods called as they are: their arguments and result cross by value (no elements). */
type ValueMethod = 'snapshot' | 'find' | 'settle' | 'firstTextShown' | 'title';

function invoke<M extends ValueMethod>(frame: Frame, method: M, args: Parameters<Api[M]>, spec: CallSpec & { optional?: boolean; awaitPromise?: boolean }): Promise<Awaited<ReturnType<Api[M]>>> {
  return callFunction(frame, pageInvoke, { method, args, optional: !!spec.optional }, spec) as Promise<any>;
}

// ---- the client ----

/** `snapshot(options)` in `frame`. The runtime's own errors ("Ref e9 not found...") reach the caller. */
export async function snapshot(frame: Frame, options: SnapshotOptions, timeoutMs: number): Promise<SnapshotResult> {
  const started = Date.now();
  const held = heldTexts.get(frame);
  const asked = withSince(options, held);
  const result = await invoke(frame, 'snapshot', [asked], { timeoutMs, what: 'The frame snapshot' }) as SnapshotResult;
  if (receiveTexts(frame, held, result)) return result;
  // Not expected: the runtime patches only against the version named in `since`, which came from
  // `held`. Should a patch name another base all the same, the text is asked for whole, never rebuilt wrong.
  heldTexts.delete(frame);
  const whole = await invoke(frame, 'snapshot', [options], { timeoutMs: Math.max(1, timeoutMs - (Date.now() - started)), what: 'The frame snapshot' }) as SnapshotResult;
  receiveTexts(frame, undefined, whole);
  return whole;
}

/**
 * The last snapshot texts each frame sent, with their versions: the runtime sends a large page's
 * next snapshot as a patch of them (injected/snapshot/transfer.ts).
 */
const heldTexts = new WeakMap<Frame, HeldTexts>();
type HeldTexts = { [field in 'yaml' | 'basis']?: { version: string; text: string } };

/** The text `patch` describes (injected/snapshot/transfer.ts made it), given the base text it was made against. */
export function applyPatch(base: string, patch: TextPatch): string {
  return base.slice(0, patch.head) + patch.middle + base.slice(base.length - patch.tail);
}

/** Rebuilds patched texts from `held` and keeps what came for the next call; false when a patch's base is not in `held`. */
function receiveTexts(frame: Frame, held: HeldTexts | undefined, result: SnapshotResult): boolean {
  const next: HeldTexts = {};
  for (const field of ['yaml', 'basis'] as const) {
    const patch = result.patches?.[field];
    if (patch) {
      const base = held?.[field];
      if (!base || base.version !== patch.base) return false;
      result[field] = applyPatch(base.text, patch);
    }
    const version = result.versions?.[field];
    const text = result[field];
    if (version && typeof text === 'string') next[field] = { version, text };
  }
  delete result.patches;
  delete result.versions;
  if (next.yaml || next.basis) heldTexts.set(frame, next);
  else heldTexts.delete(frame);
  return true;
}

/** `find(query)` in `frame`: matches with refs, without rendering a snapshot. */
export function find(frame: Frame, query: FindQuery, timeoutMs: number): Promise<FindResult> {
  return invoke(frame, 'find', [query], { timeoutMs, what: 'Searching the frame' });
}

/**
 * `checkRef(ref, options)` in `frame`'s live document, with that document's id and URL (options:
 * also fail for a renamed, hidden or disabled element, injected/snapshot/refs.ts). With `prepare`, a
 * ref that passes also gets the action's activity mark and first aim in the same call: an action on
 * a ref then makes one round trip into the page before acting, not three.
 */
export function checkRef(frame: Frame, ref: string, timeoutMs = refCheckLimit(), options?: RefCheckOptions, prepare?: PrepareOptions): Promise<LiveCheck> {
  return callFunction(frame, pageCheckRef, { ref, options, prepare }, { timeoutMs, what: `Checking ref ${ref}` });
}

/** The title of `frame`'s document; null from a runtime that cannot tell. */
export function title(frame: Frame, timeoutMs: number): Promise<string | null> {
  return invoke(frame, 'title', [], { timeoutMs, what: 'Reading the page title', optional: true }) as Promise<string | null>;
}

/** The id (new on every cross-document navigation) and URL of `frame`'s live document. */
export function documentOf(frame: Frame, timeoutMs: number): Promise<LiveDocument> {
  return callFunction(frame, pageDocument, undefined, { timeoutMs, what: 'Reading the document id' });
}

/** `markActivity()` in `frame`, with the document's id; null when the runtime has no activity tracking. */
export function markActivity(frame: Frame, timeoutMs: number): Promise<MarkResult | null> {
  return callFunction(frame, pageMarkActivity, undefined, { timeoutMs, what: 'Marking page activity' });
}

/**
 * The index of the first of `texts` that `frame` shows (-1: none), and with `snapshot`, when one
 * is shown, the snapshot read in the same call; null from a runtime that cannot tell.
 */
export async function firstTextShown(frame: Frame, texts: string[], timeoutMs: number, snapshot?: SnapshotOptions): Promise<TextShownRead | null> {
  const along = snapshot && snapshotAlongside(frame, snapshot);
  const answer = await invoke(frame, 'firstTextShown', [texts, along?.asked], { timeoutMs, what: 'Looking for the text', optional: true });
  if (answer === null || answer === undefined) return null;
  const read: TextShownRead = typeof answer === 'number' ? { index: answer } : answer;
  if (read.snapshot && !along?.received(read.snapshot)) delete read.snapshot;
  return read;
}

/** The options of a snapshot call that names the texts the driver holds, so a large page comes back as a patch. */
function withSince(options: SnapshotOptions, held: HeldTexts | undefined): SnapshotOptions {
  return held ? { ...options, since: { yaml: held.yaml?.version, basis: held.basis?.version } } : options;
}

/**
 * A snapshot another call reads for us (a settle, a text check): its options, naming the texts
 * held now, and `received`, which rebuilds and keeps what came back; false when a patch cannot be
 * rebuilt (another call replaced the texts meanwhile), and the snapshot is asked for again.
 */
function snapshotAlongside(frame: Frame, options: SnapshotOptions): { asked: SnapshotOptions; received(result: SnapshotResult): boolean } {
  const held = heldTexts.get(frame);
  return { asked: withSince(options, held), received: result => receiveTexts(frame, held, result) };
}

/**
 * `settle(options)` in `frame`; null when the runtime cannot settle. Not retried on a new
 * document: a settle that a navigation cut short is how the waiter learns of the navigation.
 */
export async function settle(frame: Frame, options: SettleOptions, timeoutMs: number): Promise<SettleReport | null> {
  const along = options.snapshot && snapshotAlongside(frame, options.snapshot);
  const asked = along ? { ...options, snapshot: along.asked } : options;
  const report = await invoke(frame, 'settle', [asked], { timeoutMs, what: 'Waiting for the page to settle', awaitPromise: true, optional: true, followNavigation: false });
  if (report?.snapshot && !along?.received(report.snapshot)) delete report.snapshot;
  return report;
}

/**
 * The ref of an element of `frame` (minted with `options` if it has none); undefined when the
 * runtime gives none (not an element of that document). A FrameOwner is reached over the
 * protocol, an ElementHandle through Playwright. Throws when the element cannot be asked.
 */
export function refFor(frame: Frame, element: ElementTarget, options?: RefOptions, timeoutMs = REF_FOR_TIMEOUT_MS): Promise<string | undefined> {
  // The element dies with its document: a navigation is not followed.
  const spec: CallSpec = { timeoutMs, what: 'Finding the element\'s ref', followNavigation: false };
  return call(frame, spec, ms => 'ownerOf' in element ? ownerRef(frame, element.ownerOf, options, ms) : handleRef(element, options))
    .then(ref => ref ?? undefined);
}

function handleRef(handle: ElementHandle, options: RefOptions | undefined): Promise<string | null> {
  return handle.evaluate(pageRefFor, options);
}

async function ownerRef(parent: Frame, child: Frame, options: RefOptions | undefined, ms: number): Promise<string | null> {
  const [where, inner] = await Promise.all([locateFrame(parent), locateFrame(child)]);
  if (where && inner) {
    const answer = await callOnFrameOwner(where, inner.frameId, pageRefFor, options).catch(error => {
      if (isMissingRuntimeError(error)) throw error;
      return undefined; // not certain over the protocol: ask Playwright's handle below
    });
    if (answer) return answer.value;
  }
  const owner = await withDeadline(child.frameElement(), ms, 'Finding the iframe element');
  try {
    return await handleRef(owner, options);
  } finally {
    owner.dispose().catch(() => {});
  }
}

/**
 * What covers the center of the element of `ref` in `frame` (the element an action wanted to
 * click), or null when the element itself or its descendant is on top.
 */
export function coveringElement(frame: Frame, ref: string, timeoutMs: number): Promise<CoveringElement | null> {
  return callFunction(frame, pageCoveringElement, ref, { timeoutMs, what: 'Finding the covering element' });
}

/** A Playwright locator unique in `frame` now for the element of `ref`, as steps (injected/snapshot/locator.ts). */
export function locatorFor(frame: Frame, ref: string, testIdAttribute: string, timeoutMs: number): Promise<LocatorStep[]> {
  return callFunction(frame, pageLocatorFor, { ref, testIdAttribute }, { timeoutMs, what: `Finding a locator for ${ref}` });
}

/** True when `frame`'s current document has the runtime: the one call that never injects it. */
export async function hasRuntime(frame: Frame, timeoutMs = PRESENCE_TIMEOUT_MS): Promise<boolean> {
  try {
    return await callInFrame(frame, pageHasRuntime, undefined, { timeoutMs, what: 'Checking for the ariaref runtime' });
  } catch {
    return false;
  }
}
