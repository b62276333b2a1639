// What the agent's page function did, in the page's own words: the message it threw and the
// stack lines of the page's own scripts, never the frames of the agent's function (eval code)
// or of Playwright's injected UtilityScript, and never Playwright's bare "undefined" for a
// thrown non-Error.
import { firstLine } from '../../index.js';

export interface PageErrorInfo { name?: string; message?: string; stack?: string; thrown?: string }

const MAX_STACK_LINES = 5;

/** Stack lines of scripts the page loaded (http:, https:, file: URLs), at most five. */
export function pageStackLines(stack: string | undefined): string[] {
  return (stack ?? '').split('\n')
    .filter(line => /^\s*at\s/.test(line) && /\b(?:https?|file):\/\//.test(line) && !/UtilityScript|<anonymous>|\beval at\b/.test(line))
    .slice(0, MAX_STACK_LINES).map(line => `  ${line.trim()}`);
}

/** `what` ("The function threw") with the error, then its page stack lines and the next step. */
export function pageError(what: string, info: PageErrorInfo): string {
  const next = 'Fix the function and call browser_evaluate again.';
  if (info.thrown !== undefined && info.message === undefined) return `${what} ${info.thrown} (not an Error). ${next}`;
  const head = `${what}: ${info.name && info.name !== 'Error' || !info.message ? `${info.name ?? 'Error'}: ` : ''}${info.message ?? ''}`.replace(/[.\s]*$/, '.');
  return [`${head} ${next}`, ...pageStackLines(info.stack)].join('\n');
}

/** A Playwright evaluate error (the function did not even parse) as name and message. */
export function describeEvaluateError(error: unknown): PageErrorInfo {
  const line = firstLine(error).replace(/^(?:jsHandle|frame)\.\w+: /, '');
  const match = /^([A-Z]\w*Error): (.*)$/.exec(line);
  return match ? { name: match[1], message: match[2] } : { message: line };
}

export const NEVER_SETTLES = 'The function returned a promise that never settles (nothing in the page can resolve it, so the page dropped it) and was abandoned. Return a value, or a promise the page resolves.';

export function evaluateTimeoutMessage(limitMs: number): string {
  return `The function did not finish within ${Math.round(limitMs / 1000)} s and was abandoned (an endless loop, or a promise that never settles?).`;
}
