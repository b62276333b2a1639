// Playwright's actionability errors rewritten for an agent: what is wrong with the element and
// what to do next, instead of a timeout with a call log.
import type { Locator } from 'playwright';
import type { CoveringElement } from '../../injected/types.js';
import { isInterceptedClickError, RefError } from '../page/refs.js';
import { replacedBuiltinsNote } from '../page/selector-engine.js';
import { coveredMessage } from '../page/ref-act.js';
import { ArgumentError, firstLine, stripAnsi } from '../errors.js';
import { withDeadline } from '../deadline.js';

export class ActionError extends Error {
  constructor(message: string, readonly kind: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ActionError';
  }
}

/** Everything the rewrite may need; `describeCovering` is called only for intercepted clicks. */
export interface ErrorContext {
  action: string;            // 'click', 'fill', ...
  target: string;            // 'e5' or the selector, as the agent wrote it
  timeoutMs: number;
  locator?: Locator;
  describeCovering?: (locator: Locator) => Promise<CoveringElement | null>;
}

type Rule = { test: RegExp; kind: string; advice: (c: ErrorContext) => string };

const RULES: Rule[] = [
  { test: /not attached to the DOM|element was detached|Element is not attached/i, kind: 'detached',
    advice: c => `${c.target} was removed from the page while trying to ${c.action} it. Take a new snapshot and use the new ref.` },
  { test: /element is not visible|element is outside of the viewport|not visible/i, kind: 'hidden',
    advice: c => `${c.target} is not visible (hidden, collapsed or zero-sized). Take a new snapshot; if it is inside a closed menu, tab or accordion, open that first.` },
  { test: /element is not enabled|element is disabled|not enabled/i, kind: 'disabled',
    advice: c => `${c.target} is disabled. Complete what the form needs first (required fields, a checkbox), take a new snapshot, then retry.` },
  { test: /element is not editable|readonly/i, kind: 'readonly',
    advice: c => `${c.target} is read-only and cannot be typed into. Pick an editable field from a new snapshot.` },
  { test: /Element is not an <input>, <textarea>|is not an <input>|contenteditable/i, kind: 'not-editable',
    advice: c => `${c.target} is not a text field, so it cannot be filled. Click it, or use press/type on the focused element instead.` },
  { test: /Element is not a <select> element|not a <select>/i, kind: 'not-select',
    advice: c => `${c.target} is not a native <select>. Click it to open its list, take a new snapshot, then click the option.` },
  { test: /Not a checkbox or radio button/i, kind: 'not-checkable',
    advice: c => `${c.target} is not a checkbox or radio button. Use click instead.` },
  { test: /Clicking the checkbox did not change its state|did not change its state/i, kind: 'state-unchanged',
    advice: c => `Clicking ${c.target} did not change its checked state (the page controls it). Take a new snapshot to see its state; click it if you still need to toggle it.` },
  { test: /Cannot set input files to detached element|Node is not an HTMLInputElement|Not an input element|is not a file input/i, kind: 'not-file-input',
    advice: c => `${c.target} is not a file input and opening a file chooser from it failed. Find the file input or the upload button in a new snapshot.` },
  { test: /element is not stable|not stable/i, kind: 'moving',
    advice: c => `${c.target} kept moving (an animation) for ${c.timeoutMs} ms. Wait a moment, take a new snapshot and retry.` },
];

/** `Cannot click e5: it is covered by dialog "Cookies" [ref=e9]. Close or dismiss...` */
export function coveredError(action: string, target: string, cover: CoveringElement, cause?: unknown): ActionError {
  return new ActionError(coveredMessage(action, target, cover), 'covered', { cause });
}

/** Rewrite `error` from an action into an ActionError that says what to do next. */
export async function explainActionError(error: unknown, context: ErrorContext): Promise<Error> {
  // Ref errors already say what happened to the element and what to do.
  // Nor does a refused argument (an unknown key name): the element is not to blame.
  if (error instanceof ActionError || error instanceof RefError || error instanceof ArgumentError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (isInterceptedClickError(error) && context.locator && context.describeCovering) {
    const cover = await context.describeCovering(context.locator).catch(() => null);
    if (cover) return coveredError(context.action, context.target, cover, error);
  }
  if (isInterceptedClickError(error))
    return new ActionError(`Cannot ${context.action} ${context.target}: another element covers it. Close the overlay or dialog on top (or press Escape), then take a new snapshot and retry.`, 'covered', { cause: error });
  for (const rule of RULES)
    if (rule.test.test(message)) return new ActionError(rule.advice(context), rule.kind, { cause: error });
  // A page that replaced built-ins breaks Playwright's main-world locator code (issue 8).
  const builtins = context.locator ? await replacedBuiltinsNote(context.locator, stripAnsi(message)).catch(() => undefined) : undefined;
  if (builtins) return new ActionError(`Cannot ${context.action} ${context.target}: ${builtins}`, 'page-builtins', { cause: error });
  if (/Timeout \d+ms exceeded/i.test(message)) {
    // The timeout may fall before Playwright logged why it waited (its own setup in a fresh
    // document takes seconds on a loaded machine): ask the element once.
    const state = context.locator ? await stateAfterTimeout(context.locator) : undefined;
    const rule = state && RULES.find(r => r.kind === state);
    if (rule) return new ActionError(rule.advice(context), rule.kind, { cause: error });
    return new ActionError(`${context.action} on ${context.target} did not complete within ${context.timeoutMs} ms (${lastCallLogStep(message) ?? 'the element never became ready'}). Take a new snapshot and retry, or pass a longer timeout.`, 'timeout', { cause: error });
  }
  if (/Target page, context or browser has been closed|Target closed/i.test(message))
    return new ActionError(`The page was closed during ${context.action}. Open or select another tab and take a snapshot.`, 'closed', { cause: error });
  return new ActionError(`${context.action} on ${context.target} failed: ${firstLine(error)}. Take a new snapshot and retry.`, 'failed', { cause: error });
}

const STATE_PROBE_MS = 1_000;

/**
 * Why the one element `locator` names was not ready, read at once after a timeout: hidden or
 * disabled; undefined when it names none or several, or cannot be asked in time.
 */
async function stateAfterTimeout(locator: Locator): Promise<'hidden' | 'disabled' | undefined> {
  const probe = async (): Promise<'hidden' | 'disabled' | undefined> => {
    if (await locator.count() !== 1) return undefined;
    if (!await locator.isVisible()) return 'hidden';
    return await locator.isEnabled({ timeout: STATE_PROBE_MS }) ? undefined : 'disabled';
  };
  return withDeadline(probe(), STATE_PROBE_MS, 'Reading the element\'s state').catch(() => undefined);
}

/** The most telling line of Playwright's call log ("element is not visible", "waiting for ..."). */
function lastCallLogStep(message: string): string | undefined {
  const steps = stripAnsi(message).split('\n').map(line => line.trim().replace(/^- /, '')).filter(line => line && !/^Call log:|retrying|^\d+ × /.test(line));
  return steps.length > 1 ? steps[steps.length - 1] : undefined;
}
