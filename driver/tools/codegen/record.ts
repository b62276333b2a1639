// Records the Playwright code of a tool's step in its response (`### Ran Playwright code`), in
// the session's --codegen language. The locator is computed before acting, while the element is
// there and unique; the code is a bonus, so a locator that cannot be found leaves it out and
// never fails the tool.
import { isRef, type LocatorWant } from '../../index.js';
import type { Session } from '../session.js';
import type { Tab } from '../tab.js';
import type { ToolResponse } from '../response.js';
import { actionCode, locatorCode, selectorCode, type CodegenLanguage, type LocatorCall } from './locator.js';
import { pageCode, type PageCall } from './page.js';

/** A statement longer than this (a 1 MB selector or text) is left out: it would flood the answer. */
const MAX_STATEMENT_CHARS = 4000;

function add(response: ToolResponse, statement: string): void {
  response.addCode(statement.length <= MAX_STATEMENT_CHARS ? statement : `// (a statement of ${statement.length} characters, left out)`);
}

function languageOf(session: Session): CodegenLanguage | undefined {
  const language = session.config.codegen;
  return language === 'none' ? undefined : language;
}

/** The locator code of a target (a ref or a selector), or undefined when none can be made now. */
export async function targetCode(session: Session, tab: Tab, target: string): Promise<string | undefined> {
  const language = languageOf(session);
  if (!language) return undefined;
  const trimmed = target.trim();
  if (!isRef(trimmed)) return selectorCode(trimmed, language);
  try {
    const aria = await tab.aria();
    return locatorCode(await aria.locatorPath(trimmed, { testIdAttribute: session.config.testIdAttribute }), language);
  } catch {
    return undefined;
  }
}

/** Adds `call` on the element of `target` to the response's code, its locator asked now (an action records beside itself: recordBeside). */
export async function recordElementCall(session: Session, response: ToolResponse, tab: Tab, target: string, call: LocatorCall): Promise<void> {
  const language = languageOf(session);
  const locator = language && await targetCode(session, tab, target);
  if (language && locator) add(response, actionCode(locator, call, language));
}

/** The code of an action recorded beside it (besideAction): `finish()`, once the action is over, adds it. */
export interface Recording {
  finish(): Promise<void>;
}

const NOTHING_RECORDED: Recording = { finish: async () => {} };

/**
 * Records `calls` on the element of `target` beside the action on it. For a ref, the action's own
 * ref check reads the locator in its call into the page, before acting (AriaPage.expectLocatorPath):
 * it names the element as it was before the action, and costs no call of its own.
 */
export async function recordBeside(session: Session, response: ToolResponse, tab: Tab, target: string, calls: LocatorCall[]): Promise<Recording> {
  const language = languageOf(session);
  if (!language) return NOTHING_RECORDED;
  const trimmed = target.trim();
  const addAll = (locator: string | undefined) => { if (locator) for (const call of calls) add(response, actionCode(locator, call, language)); };
  if (!isRef(trimmed)) {
    addAll(selectorCode(trimmed, language));
    return NOTHING_RECORDED;
  }
  let want: LocatorWant;
  try {
    want = (await tab.aria()).expectLocatorPath(trimmed, { testIdAttribute: session.config.testIdAttribute });
  } catch {
    return NOTHING_RECORDED;
  }
  const code = want.path.then(path => locatorCode(path, language), () => undefined);
  return {
    finish: async () => {
      want.release();
      addAll(await code);
    },
  };
}

/** Adds a page-level call (navigate, a key, the mouse, a wait, a screenshot) to the response's code. */
export function recordPageCall(session: Session, response: ToolResponse, call: PageCall): void {
  const language = languageOf(session);
  if (language) add(response, pageCode(call, language));
}

/**
 * The action went to another element in the target's place, and the statement recorded at `index`
 * becomes the code that replays it: a click on the control's label (its native input is hidden or
 * under the label), or `click` at a point of the image an image map's <area> is drawn on.
 */
export async function recordActedInPlace(session: Session, response: ToolResponse, tab: Tab, index: number, click?: LocatorCall & { method: 'click' }): Promise<void> {
  const report = response.waits.at(-1);
  const language = languageOf(session);
  const via = report?.viaImage?.ref ?? report?.viaLabel;
  if (!via || !language || index >= response.code.length) return;
  const locator = await targetCode(session, tab, via);
  if (!locator) return;
  const position = report?.viaImage?.position;
  const call: LocatorCall = position
    ? { ...(click ?? { method: 'click' }), position: { x: Math.round(position.x), y: Math.round(position.y) } }
    : { method: 'click' };
  response.code[index] = actionCode(locator, call, language);
}
