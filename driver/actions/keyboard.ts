// Keyboard actions: press a key or chord (optionally on a ref), type text into a field.
import { pressChord } from './keys.js';
import { actionTimeout, MAX_ACTION_TIMEOUT_MS, perform, PREPARE, READY, SHOWN, type ActionOptions, type ActionTarget } from './run.js';
import type { WaitReport } from './wait.js';
import { fieldReady, fillPreparation } from '../page/fill.js';

export interface PressOptions extends ActionOptions {
  /** Focus this element first; default: whatever has focus. */
  ref?: string;
}

export async function press(target: ActionTarget, key: string, options: PressOptions = {}): Promise<WaitReport> {
  const resolved = options.ref ? await target.resolve(options.ref, { check: SHOWN, prepare: PREPARE }) : undefined;
  const locator = resolved?.locator;
  return perform(target, {
    action: `press ${key} on`, target: options.ref ?? 'the focused element', locator, frame: resolved?.frame,
    ref: resolved?.ref, prepared: resolved?.prepared,
    run: async on => {
      if (on ?? locator) await (on ?? locator)!.focus({ timeout: actionTimeout(options) });
      await pressChord(target.page.keyboard, key);
    },
  }, options);
}

export interface TypeOptions extends ActionOptions {
  /** Press Enter afterwards. */
  submit?: boolean;
  /** Key by key (fires keydown/keypress/keyup per character, for search-as-you-type fields). */
  slowly?: boolean;
}

/** Replace the field's text with `text` (fill, or key by key with `slowly`), then optionally Enter. */
export async function type(target: ActionTarget, ref: string, text: string, options: TypeOptions = {}): Promise<WaitReport> {
  // Key by key, the field is emptied first and typed into; else `text` replaces its content at once.
  const inserted = options.slowly ? '' : text;
  const { locator: resolved, frame, ref: actRef, prepared } = await target.resolve(ref, { check: READY, prepare: fillPreparation(inserted) });
  const timeout = actionTimeout(options);
  return perform(target, {
    action: 'type into', target: ref, locator: resolved, frame, ref: actRef, prepared,
    run: async on => {
      const locator = on ?? resolved;
      if (options.slowly) {
        await locator.fill('', { timeout });
        await locator.pressSequentially(text, { timeout });
      } else {
        await locator.fill(text, { timeout });
      }
      if (options.submit) await locator.press('Enter', { timeout });
    },
    // The field selected and focused by the page: the same keys as above, with no Playwright setup.
    runDirect: async (at, atRef) => {
      if (!await fieldReady(prepared, at, atRef, inserted, timeout || MAX_ACTION_TIMEOUT_MS)) return false;
      const keyboard = target.page.keyboard;
      if (options.slowly) {
        await keyboard.press('Delete');
        await keyboard.type(text);
      } else if (text) {
        await keyboard.insertText(text);
      } else {
        await keyboard.press('Delete');
      }
      if (options.submit) await keyboard.press('Enter');
      return true;
    },
  }, options);
}
