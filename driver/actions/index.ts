// The actions engine: every action resolves its target, acts through Playwright and returns the
// WaitReport of what followed (navigation, dialog, settle, popups).
export { click, hover, drag, MAX_CLICK_COUNT, type ClickOptions, type Modifier } from './pointer.js';
export { press, type, type PressOptions, type TypeOptions } from './keyboard.js';
export { fill, selectOption, setChecked, check, uncheck, type SelectOptions, type SelectResult } from './forms.js';
export { setFiles } from './files.js';
export { scrollIntoView, scrollBy, MAX_SCROLL_PX, type ScrollByOptions } from './scroll.js';
export { parseChord, pressChord, holdKey, KeyError, MODIFIER_KEYS } from './keys.js';
export { ActionError, explainActionError } from './errors.js';
export { perform, DEFAULT_ACTION_TIMEOUT_MS, type ActionTarget, type ActionOptions } from './run.js';
export { ActionWaiter, runAndWait, waitForSettle, type WaitOptions, type WaitReport, type DialogInfo } from './wait.js';
