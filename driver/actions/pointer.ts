// Mouse actions on a ref or selector: click (button, count, modifiers), hover, drag.
import type { Page } from 'playwright';
import { actionTimeout, perform, PREPARE, PREPARE_DISPATCH, READY, SHOWN, type ActionOptions, type ActionTarget } from './run.js';
import type { WaitReport } from './wait.js';
import { MODIFIER_KEYS, type Modifier } from './keys.js';
import { checkRange } from '../errors.js';
import { clickOverProtocol } from '../page/cdp-input.js';
import { isTracing } from '../devtools/tracing.js';

/** More clicks at once than a triple click is no gesture a user makes; a huge count would dispatch events for minutes. */
export const MAX_CLICK_COUNT = 10;

export type { Modifier };

export interface ClickOptions extends ActionOptions {
  button?: 'left' | 'right' | 'middle';
  /** 2 for a double click. */
  clickCount?: number;
  /** Held during the click, always released afterwards (Playwright releases them itself). */
  modifiers?: Modifier[];
}

const MODIFIERS = new Set<string>(MODIFIER_KEYS);

function checkModifiers(modifiers: readonly string[] | undefined): void {
  const bad = (modifiers ?? []).filter(m => !MODIFIERS.has(m));
  if (bad.length)
    throw new Error(`Unknown modifier ${bad.map(m => JSON.stringify(m)).join(', ')}: use Alt, Control, ControlOrMeta, Meta or Shift.`);
}

export async function click(target: ActionTarget, ref: string, options: ClickOptions = {}): Promise<WaitReport> {
  checkModifiers(options.modifiers);
  checkRange('clickCount', options.clickCount, 1, MAX_CLICK_COUNT, { whole: true });
  const { locator, frame, ref: actRef, prepared } = await target.resolve(ref, { check: READY, prepare: PREPARE_DISPATCH });
  const clickCount = options.clickCount ?? 1;
  const action = clickCount === 2 ? 'double-click' : 'click';
  const clickOptions = { button: options.button, clickCount, modifiers: options.modifiers, timeout: actionTimeout(options) };
  return perform(target, {
    action, target: ref, locator, frame, ref: actRef, prepared, pointer: true,
    // A plain click toggles a checkbox (checks a radio); other clicks promise no state.
    checks: clickCount === 1 && (options.button ?? 'left') === 'left' ? 'toggle' : undefined,
    run: on => (on ?? locator).click(clickOptions),
    runAt: (on, position) => on.click({ ...clickOptions, position }),
    runAtPoint: point => clickAt(target.page, point, options),
  }, options);
}

/** The click's input events at a viewport point, its modifiers held around them and always released. */
async function clickAt(page: Page, point: { x: number; y: number }, options: ClickOptions): Promise<void> {
  // A plain click goes out in one batch; held modifiers are key events of their own (keydown
  // Shift...), and a trace being recorded shows only Playwright's own mouse click.
  if (!options.modifiers?.length && !isTracing(page.context()) && await clickOverProtocol(page, point, options)) return;
  const held: Modifier[] = [];
  try {
    for (const key of options.modifiers ?? []) {
      await page.keyboard.down(key);
      held.push(key);
    }
    await page.mouse.click(point.x, point.y, { button: options.button, clickCount: options.clickCount ?? 1 });
  } finally {
    for (const key of held.reverse()) await page.keyboard.up(key).catch(() => {});
  }
}

export async function hover(target: ActionTarget, ref: string, options: ActionOptions = {}): Promise<WaitReport> {
  const { locator, frame, ref: actRef, prepared } = await target.resolve(ref, { check: SHOWN, prepare: PREPARE });
  return perform(target, {
    action: 'hover', target: ref, locator, frame, ref: actRef, prepared,
    run: on => (on ?? locator).hover({ timeout: actionTimeout(options) }),
  }, options);
}

/** Drag the element of `fromRef` onto the element of `toRef` (HTML5 drag and drop and mouse-based). */
export async function drag(target: ActionTarget, fromRef: string, toRef: string, options: ActionOptions = {}): Promise<WaitReport> {
  const { locator: source, frame, ref: actRef, prepared } = await target.resolve(fromRef, { check: SHOWN, prepare: PREPARE });
  const { locator: destination } = await target.resolve(toRef);
  return perform(target, {
    action: 'drag', target: `${fromRef} to ${toRef}`, locator: source, frame, ref: actRef, prepared,
    run: on => (on ?? source).dragTo(destination, { timeout: actionTimeout(options) }),
  }, options);
}
