// The one way the driver calls a method of the page runtime (`__ariaref.<method>(...args)`) in a
// frame: through the DevTools protocol where possible (see cdp-evaluate.ts), bounded by a
// timeout, retried once on the new document when a navigation replaced the frame's document
// mid-call, and re-injecting the runtime once when the document lacks it.
import type { Frame } from 'playwright';
import { callInFrame, literal } from './cdp-evaluate.js';
import { injectIntoFrame, isMissingRuntimeError } from './inject.js';
import { withTimeout } from './timeout.js';

export interface RuntimeCallOptions {
  timeoutMs: number;
  /** What is being done, for the timeout message ("The frame snapshot"). */
  what: string;
  /** The method returns a promise to wait for (settle). */
  awaitPromise?: boolean;
}

/** Raised inside the page when `__ariaref` is absent; isMissingRuntimeError recognizes it. */
const MISSING = '__ariaref is not defined in this document';

/** True when `error` says the frame's document was replaced while the call ran. */
export function isNavigationError(error: unknown): boolean {
  return /Execution context was destroyed|because of a navigation|frame got detached.*navigat/i.test(error instanceof Error ? error.message : String(error));
}

/**
 * Source of a page function calling `__ariaref[method]` with `args` spliced in as literals, so
 * it needs no spread (which would use the page's array iterator) and no page JSON.
 */
function runtimeCaller(method: string, args: unknown[]): (arg: undefined) => unknown {
  if (!/^\w+$/.test(method)) throw new Error(`Not a runtime method name: ${method}`);
  const list = args.map(literal).join(', ');
  // eslint-disable-next-line no-new-func -- built in Node from a checked name and JSON literals
  return new Function('_', `const api = globalThis.__ariaref; if (!api) throw new Error(${JSON.stringify(MISSING)}); return api.${method}(${list});`) as any;
}

async function callOnce<T>(frame: Frame, method: string, args: unknown[], options: RuntimeCallOptions): Promise<T> {
  return callInFrame(frame, runtimeCaller(method, args), undefined, options) as Promise<T>;
}

/**
 * `__ariaref[method](...args)` in `frame`, by value. The runtime's own errors reach the caller
 * with their message ("Error: No element matches..."); a call that does not answer within
 * `timeoutMs` fails with PageTimeoutError.
 */
export async function callRuntime<T>(frame: Frame, method: string, args: unknown[], options: RuntimeCallOptions): Promise<T> {
  const { timeoutMs } = options;
  try {
    return await callOnce<T>(frame, method, args, options);
  } catch (error) {
    if (isNavigationError(error)) {
      // The document was replaced mid-call: call the new one once it has parsed.
      await withTimeout(frame.waitForLoadState('domcontentloaded', { timeout: timeoutMs }), timeoutMs + 500, 'Waiting for the new document').catch(() => {});
      return callOnce<T>(frame, method, args, options);
    }
    if (!isMissingRuntimeError(error) || !(await injectIntoFrame(frame, timeoutMs))) throw error;
    return callOnce<T>(frame, method, args, options);
  }
}
