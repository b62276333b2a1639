// Runs a caller's Playwright script, `async (page) => { ... }`, in a fresh vm context of this Node
// process with the page and a few timer/URL/encoding globals (the set Playwright MCP exposes).
// This is not a sandbox: the code is trusted as much as the caller. What it is guarded against is
// hanging: an endless loop, before or after an await or in a timer, is stopped by the loop guard
// (the vm's own timeout backs it for what has no loop, a catastrophic regex); a promise that never
// settles is abandoned at the deadline. Either way the call ends with a RunCodeError, the timers
// the code set are cleared, and the caller's server keeps working.
import vm from 'node:vm';
import type { Page } from 'playwright';
import { untilCancelled, withDeadline } from '../deadline.js';
import { checkRange } from '../errors.js';
import { guardLoops, LoopGuard, LoopStopped } from './loop-guard.js';

const GLOBALS = [
  'URL', 'URLSearchParams', 'TextEncoder', 'TextDecoder', 'AbortController', 'AbortSignal',
  'fetch', 'Headers', 'Request', 'Response', 'FormData', 'Blob', 'Buffer', 'crypto', 'atob', 'btoa', 'structuredClone',
] as const;

export type RunCodeFailure = 'syntax' | 'not-a-function' | 'threw' | 'timeout' | 'not-serializable';

export class RunCodeError extends Error {
  constructor(message: string, readonly kind: RunCodeFailure, readonly limitMs?: number, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RunCodeError';
  }
}

export interface RunCodeResult {
  /** JSON of what the function returned; undefined when it returned undefined (or a function). */
  json: string | undefined;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message.split('\n')[0]}`;
  try { return String(error); } catch { return 'a value that cannot be shown'; }
}

const isVmTimeout = (error: unknown) => (error as { code?: string })?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT';

function timedOut(ms: number, what: string): RunCodeError {
  return new RunCodeError(`The code did not finish within ${Math.round(ms / 1000)} s and was abandoned (${what}).`, 'timeout', ms);
}

/**
 * Timers and microtasks for the code. Their callbacks' throws are caught, as a browser catches a
 * timer's: uncaught here they would end this process. A guard's stop is reported to the call.
 * When the call is abandoned the timers are cleared: nothing the code set runs on.
 */
function callbackGlobals(onStopped: (error: LoopStopped) => void) {
  const pending = new Map<object, () => void>();
  const add = <T extends object>(timer: T, clear: (t: T) => void) => { pending.set(timer, () => clear(timer)); return timer; };
  const guarded = (fn: unknown, args: unknown[], done?: () => void) => () => {
    done?.();
    try {
      if (typeof fn === 'function') fn(...args);
    } catch (error) {
      if (error instanceof LoopStopped) onStopped(error);
    }
  };
  const globals = {
    setTimeout: (fn: unknown, ms?: number, ...args: unknown[]) => {
      const timer: NodeJS.Timeout = add(setTimeout(guarded(fn, args, () => pending.delete(timer)), ms), clearTimeout);
      return timer;
    },
    setImmediate: (fn: unknown, ...args: unknown[]) => {
      const timer: NodeJS.Immediate = add(setImmediate(guarded(fn, args, () => pending.delete(timer))), clearImmediate);
      return timer;
    },
    setInterval: (fn: unknown, ms?: number, ...args: unknown[]) => add(setInterval(guarded(fn, args), ms), clearInterval),
    clearTimeout: (timer: NodeJS.Timeout) => { pending.delete(timer); clearTimeout(timer); },
    clearInterval: (timer: NodeJS.Timeout) => { pending.delete(timer); clearInterval(timer); },
    clearImmediate: (timer: NodeJS.Immediate) => { pending.delete(timer); clearImmediate(timer); },
    queueMicrotask: (fn: unknown) => queueMicrotask(guarded(fn, [])),
  };
  return { globals, clearAll: () => { for (const clear of pending.values()) clear(); pending.clear(); } };
}

/** Runs `code` (a function taking `page`), bounded by `timeoutMs` in all. */
export async function runPlaywrightCode(page: Page, code: string, options: { timeoutMs: number }): Promise<RunCodeResult> {
  checkRange('timeoutMs', options.timeoutMs, 1, 3_600_000, { unit: 'ms' });
  const guard = new LoopGuard(performance.now() + options.timeoutMs);
  let stoppedInCallback!: (error: LoopStopped) => void;
  const callbackStop = new Promise<never>((_, reject) => { stoppedInCallback = reject; });
  callbackStop.catch(() => {});
  const timers = callbackGlobals(error => stoppedInCallback(error));
  const context: Record<string, unknown> = { page, ...guard.globals(), ...timers.globals };
  for (const name of GLOBALS) context[name] = (globalThis as Record<string, unknown>)[name];
  vm.createContext(context);
  const stopped = (error: unknown) => error instanceof LoopStopped || isVmTimeout(error);
  const loopStopped = () => timedOut(options.timeoutMs, 'an endless loop?');
  let finished = false;
  try {
    let fn: unknown;
    try {
      fn = vm.runInContext(guardLoops(`(${code}\n)`), context, { timeout: options.timeoutMs, filename: 'run-code.js' });
    } catch (error) {
      if (stopped(error)) throw loopStopped();
      if (error instanceof SyntaxError || (error as Error)?.name === 'SyntaxError')
        throw new RunCodeError(`The code does not parse: ${messageOf(error)}. Pass one function, e.g. async (page) => { return await page.title(); }`, 'syntax', undefined, { cause: error });
      throw new RunCodeError(`The code threw while being defined: ${messageOf(error)}`, 'threw', undefined, { cause: error });
    }
    if (typeof fn !== 'function')
      throw new RunCodeError(`The code is a ${fn === null ? 'null' : typeof fn}, not a function. Pass one function, e.g. async (page) => { return await page.title(); }`, 'not-a-function');
    context.__fn__ = fn;
    let running: Promise<unknown>;
    try {
      // The vm timeout backs the guard in the synchronous part of the call.
      running = Promise.resolve(vm.runInContext('__fn__(page)', context, { timeout: options.timeoutMs }));
    } catch (error) {
      running = Promise.reject(error);
    }
    const settled = running.then(value => ({ value }), (error: unknown) => {
      throw stopped(error) ? loopStopped() : new RunCodeError(`The code threw: ${messageOf(error)}`, 'threw', undefined, { cause: error });
    });
    // Cancelled by its client, the code is abandoned as at its deadline: its timers cleared, its loops stopped.
    const { value } = await untilCancelled(withDeadline(Promise.race([settled, callbackStop.catch(() => { throw loopStopped(); })]), options.timeoutMs, () => timedOut(options.timeoutMs, 'a promise that never settles, or a long wait?')));
    if (value === undefined || typeof value === 'function') {
      finished = true;
      return { json: undefined };
    }
    let json: string | undefined;
    try {
      // A toJSON of the code's own runs here: the guard still holds it to the deadline, and one
      // it stops leaves the call abandoned (its timers cleared), not finished.
      json = JSON.stringify(value);
      finished = true;
    } catch (error) {
      if (stopped(error)) throw loopStopped();
      finished = true;
      throw new RunCodeError(`The code finished, but its result cannot be turned into JSON: ${messageOf(error)}. Return plain data (strings, numbers, arrays, objects).`, 'not-serializable', undefined, { cause: error });
    }
    return { json };
  } finally {
    guard.end(finished ? 'finished' : 'abandoned');
    if (!finished) timers.clearAll();
  }
}
