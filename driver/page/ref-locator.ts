// The Locator the library and the fixture give for a ref (`aria.ref('e5')`, `page.ref('e5')`):
// a real Playwright Locator for everything that waits for a state (expect(...).toBeHidden(),
// waitFor({ state: 'detached' }), count(), isVisible()), where a removed element matches nothing;
// its actions and reads first check the ref in its live document, so a removed, renamed, hidden
// or disabled element, or a ref from an older document, fails at once with the reason, as over
// MCP, and then act through ref-act.ts (replaced while acting, pages that replaced built-ins).
import type { Locator } from 'playwright';
import type { RefCheckOptions } from '../../injected/types.js';
import { actOnRef, coveredMessage } from './ref-act.js';
import { aimPointer, hiddenMessage, uncheckedMessage, type CheckedIntent } from './aim.js';
import { parseRef } from './frames.js';
import { RefError, validateRef, type RefTarget } from './refs.js';
import { refSelector } from './selector-engine.js';

const POINTER: RefCheckOptions = { live: true, visible: true, enabled: true };
const EDIT: RefCheckOptions = { live: true, visible: true, enabled: true };
const SHOWN: RefCheckOptions = { live: true, visible: true };

/** Methods that act on the element, with what the element must be first. */
const ACTIONS: Record<string, RefCheckOptions> = {
  click: POINTER, dblclick: POINTER, tap: POINTER, check: POINTER, uncheck: POINTER, setChecked: POINTER,
  fill: EDIT, clear: EDIT, type: EDIT, pressSequentially: EDIT, selectOption: EDIT,
  hover: SHOWN, dragTo: SHOWN, press: SHOWN, focus: SHOWN, selectText: SHOWN,
  setInputFiles: { live: true }, dispatchEvent: { live: true }, scrollIntoViewIfNeeded: { live: true }, blur: {},
};

/**
 * Click-like methods: an element that stays covered by another fails at once, naming the cover; a
 * hidden native checkbox or radio is clicked through its label (page/aim.ts), its state verified.
 */
const CLICKS = new Set(['click', 'dblclick', 'tap', 'check', 'uncheck', 'setChecked']);

/** What a click-like call wants of a checkable control (a plain left click toggles it). */
function intentOf(key: string, args: unknown[]): CheckedIntent | undefined {
  if (key === 'check' || key === 'uncheck') return key === 'check';
  if (key === 'setChecked') return args[0] === true;
  const options = (args[0] ?? {}) as { button?: string; clickCount?: number; trial?: boolean };
  return key === 'click' && !options.trial && (options.button ?? 'left') === 'left' && (options.clickCount ?? 1) === 1 ? 'toggle' : undefined;
}

/** Methods that read the element: a gone element fails at once; they do not act, so no stricter check. */
const READS = new Set([
  'textContent', 'innerText', 'innerHTML', 'inputValue', 'getAttribute', 'boundingBox', 'screenshot',
  'evaluate', 'evaluateHandle', 'elementHandle', 'isChecked', 'isEnabled', 'isDisabled', 'isEditable', 'ariaSnapshot',
]);

/** A Locator for `ref` that fails fast when used for an action or a read (see the header). */
export function trustedRefLocator(target: RefTarget, ref: string): Locator {
  const parsed = parseRef(ref);
  if (!parsed) return target.page.locator(ref);
  const frame = target.frames.frameFor(parsed.prefix) ?? target.page.mainFrame();
  const locator = frame.locator(refSelector(parsed.ref));
  return new Proxy(locator, {
    get(object, key, receiver) {
      const value = Reflect.get(object, key, receiver);
      if (typeof key !== 'string' || typeof value !== 'function') return value;
      const needs = ACTIONS[key];
      if (needs) {
        return async (...args: unknown[]) => {
          const owner = await validateRef(target, parsed.ref, needs);
          const plan = CLICKS.has(key) ? await aimPointer(owner, parsed.ref, intentOf(key, args)) : undefined;
          if (plan?.cover) throw new RefError(coveredMessage(key, parsed.ref, plan.cover), 'covered', parsed.ref);
          if (plan?.hidden) throw new RefError(hiddenMessage(key, parsed.ref, plan.hidden), 'hidden', parsed.ref);
          if (!plan?.label) return actOnRef({ frame: owner, ref: parsed.ref, action: key }, acting => (acting as any)[key](...args));
          // Its label in its place: a click there (check() on a label would read the label's own state).
          if (plan.done) return undefined;
          const options = (key === 'setChecked' ? args[1] : args[0]) as { timeout?: number } | undefined;
          const labelArgs = key === 'click' || key === 'dblclick' || key === 'tap' ? args : [{ timeout: options?.timeout }];
          await actOnRef({ frame: owner, ref: plan.ref, action: key }, acting => (acting as any)[key === 'dblclick' || key === 'tap' ? key : 'click'](...labelArgs));
          const problem = await uncheckedMessage(owner, parsed.ref, parsed.ref, plan);
          if (problem) throw new Error(problem);
          return undefined;
        };
      }
      if (READS.has(key)) {
        return async (...args: unknown[]) => {
          await validateRef(target, parsed.ref);
          return value.apply(object, args);
        };
      }
      return value.bind(object);
    },
  });
}
