// Form controls: fill a field, select options, check or uncheck.
import { actionTimeout, MAX_ACTION_TIMEOUT_MS, perform, PREPARE, PREPARE_POINTER, READY, type ActionOptions, type ActionTarget } from './run.js';
import { ActionError } from './errors.js';
import type { WaitReport } from './wait.js';
import { fieldReady, fillPreparation } from '../page/fill.js';

export async function fill(target: ActionTarget, ref: string, value: string, options: ActionOptions = {}): Promise<WaitReport> {
  const { locator, frame, ref: actRef, prepared } = await target.resolve(ref, { check: READY, prepare: fillPreparation(value) });
  return perform(target, {
    action: 'fill', target: ref, locator, frame, ref: actRef, prepared,
    run: on => (on ?? locator).fill(value, { timeout: actionTimeout(options) }),
    // Playwright's fill without its setup: the page selects and focuses the field, the text is inserted.
    runDirect: async (at, atRef) => {
      if (!await fieldReady(prepared, at, atRef, value, actionTimeout(options) || MAX_ACTION_TIMEOUT_MS)) return false;
      await (value ? target.page.keyboard.insertText(value) : target.page.keyboard.press('Delete'));
      return true;
    },
  }, options);
}

export interface SelectOptions extends ActionOptions {
  /** Match options by value, by visible label, or either (default). */
  by?: 'value' | 'label' | 'any';
}

export type SelectResult = WaitReport & { selected: string[] };

/** Select options of a <select> by value or label; returns the values now selected. */
export async function selectOption(target: ActionTarget, ref: string, values: string | string[], options: SelectOptions = {}): Promise<SelectResult> {
  const { locator, frame, ref: actRef, prepared } = await target.resolve(ref, { check: READY, prepare: PREPARE });
  const wanted = Array.isArray(values) ? values : [values];
  const by = options.by ?? 'any';
  // Plain strings match a value or a label (Playwright's rule); objects match one of the two only.
  const matchers: string[] | Array<{ value?: string; label?: string }> =
    by === 'any' ? wanted : wanted.map(v => (by === 'value' ? { value: v } : { label: v }));
  let selected: string[] = [];
  const report = await perform(target, {
    action: 'select an option of', target: ref, locator, frame, ref: actRef, prepared,
    run: async on => {
      try {
        selected = await (on ?? locator).selectOption(matchers, { timeout: actionTimeout(options) });
      } catch (error) {
        if (!/did not find some options|Timeout \d+ms exceeded/i.test(String((error as Error)?.message))) throw error;
        throw await missingOptions(on ?? locator, ref, wanted, error);
      }
    },
  }, options);
  return { ...report, selected };
}

/** When the wanted option is not there, list the ones that are. */
async function missingOptions(locator: import('playwright').Locator, ref: string, wanted: string[], cause: unknown): Promise<Error> {
  const labels = await locator.locator('option').allInnerTexts().catch(() => [] as string[]);
  if (!labels.length) return cause as Error;
  const shown = labels.slice(0, 30).map(l => JSON.stringify(l.trim())).join(', ');
  return new ActionError(`${ref} has no option ${wanted.map(w => JSON.stringify(w)).join(', ')}. Its options are: ${shown}${labels.length > 30 ? ', ...' : ''}. Pick one of those by label or value.`, 'no-option', { cause });
}

/**
 * Check (true) or uncheck (false) a checkbox, radio button or switch; no-op when already so. A
 * native input hidden by its design system (or under its own label) is set by clicking its label.
 */
export async function setChecked(target: ActionTarget, ref: string, checked: boolean, options: ActionOptions = {}): Promise<WaitReport> {
  const { locator, frame, ref: actRef, prepared } = await target.resolve(ref, { check: READY, prepare: PREPARE_POINTER });
  return perform(target, {
    action: checked ? 'check' : 'uncheck', target: ref, locator, frame, ref: actRef, prepared, pointer: true, checks: checked,
    run: on => (on ?? locator).setChecked(checked, { timeout: actionTimeout(options) }),
    runOnLabel: label => label.click({ timeout: actionTimeout(options) }),
  }, options);
}

export const check = (target: ActionTarget, ref: string, options?: ActionOptions) => setChecked(target, ref, true, options);
export const uncheck = (target: ActionTarget, ref: string, options?: ActionOptions) => setChecked(target, ref, false, options);
