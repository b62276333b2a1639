// Evaluates in a frame's main world through the DevTools protocol when the frame can be located
// there (Chromium), so page code that replaced built-ins cannot break the call; otherwise (other
// browsers, a frame whose CDP id is not certain, a session that went away) through Playwright's
// `frame.evaluate`, as before. Arguments travel as JSON literals built here in Node: no page
// `JSON` is ever called, and results come back serialized by V8.
import type { Frame } from 'playwright';
import { forgetFrame, locateFrame, type LocatedFrame } from './cdp-frames.js';
import { CdpTarget, SessionGoneError, type EvaluateResult, type RemoteObject } from './cdp-session.js';
import { withDeadline } from '../deadline.js';

export interface EvaluateOptions {
  timeoutMs: number;
  /** What is being done, for the timeout message ("The frame snapshot"). */
  what: string;
  /** Wait for a returned promise (settle). */
  awaitPromise?: boolean;
  /**
   * Script to run before the expression, in the same evaluation, the first time the frame's
   * current document (its execution context) is reached this way: the rest of the runtime, which
   * every document gets with its first call (inject.ts), without a failed call first.
   */
  oncePerDocument?: string;
}

/** Per target, the execution contexts that ran an oncePerDocument script (one script is ever used). */
const contextsWithPrelude = new WeakMap<CdpTarget, Set<number>>();

/** Share of the timeout spent waiting for a frame's new document to get its context. */
const CONTEXT_WAIT_SHARE = 0.5;

/** A JS literal for `value` (undefined stays undefined; JSON is valid JS since ES2019). */
export function literal(value: unknown): string {
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

/** Source that calls `fn` with `arg`: the same function Playwright would run. */
export function invocation<A>(fn: (arg: A) => unknown, arg: A): string {
  return `(${fn.toString()})(${literal(arg)})`;
}

async function evaluateAt(where: LocatedFrame, expression: string, options: EvaluateOptions): Promise<{ done: true; value: unknown } | { done: false }> {
  const contextId = await where.target.contextId(where.frameId, options.timeoutMs * CONTEXT_WAIT_SHARE);
  if (contextId === undefined) return { done: false };
  let seen = contextsWithPrelude.get(where.target);
  if (!seen) contextsWithPrelude.set(where.target, seen = new Set());
  const withPrelude = options.oncePerDocument !== undefined && !seen.has(contextId);
  const result = await where.target.send<EvaluateResult>('Runtime.evaluate', {
    expression: withPrelude ? `${options.oncePerDocument}\n;${expression}` : expression,
    contextId,
    returnByValue: true,
    awaitPromise: !!options.awaitPromise,
    // Not reported to the page's console, and never stops on a debugger pause-on-exceptions.
    silent: true,
  });
  const value = CdpTarget.valueOf(CdpTarget.unwrap(result));
  // Marked only once it ran: a call cut short by a navigation leaves no false mark.
  if (withPrelude) seen.add(contextId);
  return { done: true, value };
}

async function evaluate(frame: Frame, expression: string, fallback: () => Promise<unknown>, options: EvaluateOptions): Promise<unknown> {
  const where = await locateFrame(frame);
  if (!where) return fallback();
  try {
    const outcome = await evaluateAt(where, expression, options);
    // No main-world context for this frame in that session: let Playwright find it.
    return outcome.done ? outcome.value : fallback();
  } catch (error) {
    if (!(error instanceof SessionGoneError)) throw error;
    forgetFrame(frame);
    return fallback();
  }
}

/**
 * Sets up what a call into the frame's main world needs (our DevTools session on its target, its
 * document's execution context), within `timeoutMs`: false when that did not happen in time. Lets
 * a caller time the call itself apart from our own setup.
 */
export async function readyForCalls(frame: Frame, timeoutMs: number): Promise<boolean> {
  const where = await withDeadline(locateFrame(frame), timeoutMs, 'Attaching to the page').catch(() => undefined);
  if (!where) return true; // no DevTools session here: Playwright's evaluate path, nothing to prepare
  return await where.target.contextId(where.frameId, timeoutMs).catch(() => undefined) !== undefined;
}

/**
 * `fn(arg)` in the frame's main world, bounded by `options.timeoutMs`. With `prelude`, that
 * script runs first in the same evaluation, so both meet the same document.
 */
export function callInFrame<A, R>(frame: Frame, fn: (arg: A) => R | Promise<R>, arg: A, options: EvaluateOptions & { prelude?: string }): Promise<R> {
  const expression = options.prelude ? `${options.prelude}\n;${invocation(fn, arg)}` : invocation(fn, arg);
  const fallback = () => (options.prelude ? frame.evaluate(expression) : frame.evaluate(fn as any, arg)) as Promise<unknown>;
  return withDeadline(evaluate(frame, expression, fallback, options), options.timeoutMs, options.what) as Promise<R>;
}

/** Evaluates script source (the runtime bundle) in the frame's main world. */
export function evaluateSource(frame: Frame, source: string, options: EvaluateOptions): Promise<unknown> {
  const fallback = () => frame.evaluate(source);
  return withDeadline(evaluate(frame, source, fallback, options), options.timeoutMs, options.what);
}

let ownerCalls = 0;

/**
 * `fn(element, arg)` with `element` = the element owning child frame `ownerOf` (an iframe) in
 * `where`'s main world, by value: the protocol's way to reach an element without a Playwright
 * handle. Undefined when the owner cannot be resolved there.
 */
export async function callOnFrameOwner<A, R>(where: LocatedFrame, ownerOf: string, fn: (element: Element, arg: A) => R, arg: A): Promise<{ value: R } | undefined> {
  const contextId = await where.target.contextId(where.frameId, 0);
  if (contextId === undefined) return undefined;
  const { backendNodeId } = await where.target.send<{ backendNodeId: number }>('DOM.getFrameOwner', { frameId: ownerOf });
  // One group per call: concurrent calls about the same iframe must not release each other's object.
  const objectGroup = `ariaref-owner-${ownerOf}-${++ownerCalls}`;
  try {
    const { object } = await where.target.send<{ object: RemoteObject }>('DOM.resolveNode', { backendNodeId, executionContextId: contextId, objectGroup });
    if (!object.objectId) return undefined;
    const result = await where.target.send<EvaluateResult>('Runtime.callFunctionOn', {
      // The element is the call's `this`; the argument is a JSON literal, as in callInFrame.
      functionDeclaration: `function () { return (${fn.toString()})(this, ${literal(arg)}); }`,
      objectId: object.objectId, returnByValue: true, silent: true,
    });
    return { value: CdpTarget.valueOf(CdpTarget.unwrap(result)) as R };
  } finally {
    where.target.send('Runtime.releaseObjectGroup', { objectGroup }).catch(() => {});
  }
}

/**
 * How far the child frame's viewport starts inside its iframe element's border box (border
 * plus padding), from the layout itself (`DOM.getBoxModel`): no page script runs.
 */
export async function frameOwnerInset(where: LocatedFrame, ownerOf: string): Promise<{ x: number; y: number }> {
  const { backendNodeId } = await where.target.send<{ backendNodeId: number }>('DOM.getFrameOwner', { frameId: ownerOf });
  const { model } = await where.target.send<{ model: { border: number[]; content: number[] } }>('DOM.getBoxModel', { backendNodeId });
  // Quads list x1,y1 (top left) first.
  return { x: model.content[0]! - model.border[0]!, y: model.content[1]! - model.border[1]! };
}
