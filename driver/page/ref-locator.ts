// The Locator the library and the fixture give for a ref (`aria.ref('e5')`, `page.ref('e5')`):
// a real Playwright Locator for everything that waits for a state (expect(...).toBeHidden(),
// waitFor({ state: 'detached' }), count(), isVisible()), where a removed element matches nothing;
// its actions and reads first check the ref in its live document, so a removed, renamed, hidden
// or disabled element, or a ref from an older document, fails at once with the reason, as over
// MCP, and then act through ref-act.ts (replaced while acting, pages that replaced built-ins).
import type { Locator } from 'playwright';
import type { RefCheckOptions } from '../../injected/types.js';
import { actOnRef, coveredMessage, persistentCover } from './ref-act.js';
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

/** Click-like methods: an element that stays covered by another fails at once, naming the cover. */
const CLICKS = new Set(['click', 'dblclick', 'tap']);

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
          const cover = CLICKS.has(key) ? await persistentCover(owner, parsed.ref) : null;
          if (cover) throw new RefError(coveredMessage(key, parsed.ref, cover), 'covered', parsed.ref);
          return actOnRef({ frame: owner, ref: parsed.ref, action: key }, acting => (acting as any)[key](...args));
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
