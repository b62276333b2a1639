// Runs a caller's Playwright script, `async (page) => { ... }`, in a fresh vm context of this Node
// process with the page and a few timer/URL/encoding globals (the set Playwright MCP exposes).
// This is not a sandbox: the code is trusted as much as the caller. What it is guarded against is
// hanging: a synchronous endless loop is cut by the vm's own timeout, a promise that never settles
// by the deadline; both are abandoned with a RunCodeError, and the caller's server keeps working.
import vm from 'node:vm';
import type { Page } from 'playwright';
import { withDeadline } from '../deadline.js';
import { checkRange } from '../errors.js';

const GLOBALS = [
  'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask',
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

/** Runs `code` (a function taking `page`), bounded by `timeoutMs` in all. */
export async function runPlaywrightCode(page: Page, code: string, options: { timeoutMs: number }): Promise<RunCodeResult> {
  checkRange('timeoutMs', options.timeoutMs, 1, 3_600_000, { unit: 'ms' });
  const context: Record<string, unknown> = { page };
  for (const name of GLOBALS) context[name] = (globalThis as Record<string, unknown>)[name];
  vm.createContext(context);
  let fn: unknown;
  try {
    fn = vm.runInContext(`(${code}\n)`, context, { timeout: options.timeoutMs, filename: 'run-code.js' });
  } catch (error) {
    if (isVmTimeout(error)) throw timedOut(options.timeoutMs, 'an endless loop?');
    if (error instanceof SyntaxError || (error as Error)?.name === 'SyntaxError')
      throw new RunCodeError(`The code does not parse: ${messageOf(error)}. Pass one function, e.g. async (page) => { return await page.title(); }`, 'syntax', undefined, { cause: error });
    throw new RunCodeError(`The code threw while being defined: ${messageOf(error)}`, 'threw', undefined, { cause: error });
  }
  if (typeof fn !== 'function')
    throw new RunCodeError(`The code is a ${fn === null ? 'null' : typeof fn}, not a function. Pass one function, e.g. async (page) => { return await page.title(); }`, 'not-a-function');
  context.__fn__ = fn;
  let running: Promise<unknown>;
  try {
    // The vm timeout covers the synchronous part of the call (an endless loop before the first await).
    running = Promise.resolve(vm.runInContext('__fn__(page)', context, { timeout: options.timeoutMs }));
  } catch (error) {
    running = Promise.reject(error);
  }
  const settled = running.then(value => ({ value }), (error: unknown) => {
    throw isVmTimeout(error) ? timedOut(options.timeoutMs, 'an endless loop?') : new RunCodeError(`The code threw: ${messageOf(error)}`, 'threw', undefined, { cause: error });
  });
  const { value } = await withDeadline(settled, options.timeoutMs, () => timedOut(options.timeoutMs, 'a promise that never settles, or a long wait?'));
  if (value === undefined || typeof value === 'function') return { json: undefined };
  try {
    return { json: JSON.stringify(value) };
  } catch (error) {
    throw new RunCodeError(`The code finished, but its result cannot be turned into JSON: ${messageOf(error)}. Return plain data (strings, numbers, arrays, objects).`, 'not-serializable', undefined, { cause: error });
  }
}
