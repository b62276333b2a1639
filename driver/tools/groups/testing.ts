// The 'testing' group: assertions an agent writing a test makes (browser_verify_*), judged on
// ariaref's own snapshot (the runtime's roles, names and visibility), and the Playwright locator
// for an element. Each pass records its `expect(...)` in the session's --codegen language.
import { z } from 'zod';
import { defineTool } from '../define.js';
import { isRef, refForTarget, verifyElement, verifyList, verifyText, verifyValue, type LocatorPath, type SeenNode, type TextCheck } from '../../index.js';
import type { Session } from '../session.js';
import type { Tab } from '../tab.js';
import type { ToolResponse } from '../response.js';
import { locatorCode, type CodegenLanguage } from '../codegen/locator.js';
import { assertionCode, byTextStep, type Assertion } from '../codegen/assert.js';
import { elementNotVisible, listMismatch, listSnapshotYaml, textNotVisible, valueMismatch, verifyDone, type VerifyFailure } from '../format/testing.js';
import { targetAliases, targetString } from './common.js';

const readOnly = { readOnlyHint: true, destructiveHint: false, openWorldHint: false };

/** Longer statements are left out of the code section, as the action codegen does. */
const MAX_STATEMENT_CHARS = 4000;

async function pathOf(session: Session, tab: Tab, ref: string): Promise<LocatorPath | undefined> {
  const aria = await tab.aria();
  return aria.locatorPath(ref, { testIdAttribute: session.config.testIdAttribute }).catch(() => undefined);
}

/** The frames a locator enters to reach what `frame` (an iframe node) shows: none on the top page. */
async function framesInto(session: Session, tab: Tab, frame: SeenNode | undefined): Promise<LocatorPath['frames'] | undefined> {
  if (!frame) return [];
  const path = frame.ref ? await pathOf(session, tab, frame.ref) : undefined;
  return path && [...path.frames, path.element];
}

/**
 * The locator of a verified node: its ref's unique locator; a node without a ref (an empty
 * alert, which has no box to act on) by its role and name inside its frame, as Playwright MCP's
 * getByRole finds it.
 */
async function nodeLocator(session: Session, tab: Tab, node: SeenNode, frame: SeenNode | undefined): Promise<LocatorPath | undefined> {
  if (node.ref) return pathOf(session, tab, node.ref);
  const frames = await framesInto(session, tab, frame);
  return frames && { frames, element: [{ kind: 'role', role: node.role, ...(node.name ? { name: node.name } : {}) }] };
}

/**
 * Records `expect(<locator>)...` in the session's --codegen language (with none, the locator is
 * not even made). The code is a bonus: a locator that cannot be made (undefined) leaves it out.
 */
async function recordAssertion(session: Session, response: ToolResponse, assertion: Assertion, locator: (language: CodegenLanguage) => Promise<string | undefined>): Promise<void> {
  const language = session.config.codegen;
  if (language === 'none') return;
  const code = await locator(language);
  if (code === undefined) return;
  const statement = assertionCode(code, assertion, language);
  response.addCode(statement.length <= MAX_STATEMENT_CHARS ? statement : `// (a statement of ${statement.length} characters, left out)`);
}

/** The code of a locator path, undefined when there is none. */
const codeOf = (path: LocatorPath | undefined, language: CodegenLanguage) => path && locatorCode(path, language);

/**
 * getByText inside the frame that shows the text; a node whose accessible name is the text
 * (a heading, a button) by its own locator instead, as Playwright's locator generator prefers.
 */
async function textLocator(session: Session, tab: Tab, check: Extract<TextCheck, { ok: true }>, text: string, language: CodegenLanguage): Promise<string | undefined> {
  const named = check.named && check.match.ref ? await pathOf(session, tab, check.match.ref) : undefined;
  if (named) return locatorCode(named, language);
  const frames = await framesInto(session, tab, check.frame);
  return frames && locatorCode({ frames, element: [] }, language) + byTextStep(text, language);
}

function fail(response: ToolResponse, failure: VerifyFailure): void {
  response.addError(failure.error);
  for (const hint of failure.hints) response.addHint(hint);
}

export const testingTools = [
  defineTool({
    name: 'browser_verify_element_visible',
    group: 'testing',
    title: 'Verify element visible',
    description: 'Verify element is visible on the page',
    params: {
      role: z.string().min(1, { error: 'role is empty: pass the role as the snapshot shows it, e.g. "button" for - button "Save".' }).describe('ROLE of the element. Can be found in the snapshot like this: `- {ROLE} "Accessible Name":`'),
      // An empty name matches every element of the role, so it would verify nothing.
      accessibleName: z.string().min(1, { error: 'accessibleName is empty, so any element of the role would pass: pass the name as the snapshot shows it, e.g. "Save" for - button "Save".' }).describe('ACCESSIBLE_NAME of the element. Can be found in the snapshot like this: `- role "{ACCESSIBLE_NAME}"`'),
    },
    annotations: readOnly,
    async handle(session, params, response) {
      const tab = await session.ensureTab();
      const check = await verifyElement(await tab.aria(), params.role, params.accessibleName);
      if (!check.ok) return fail(response, elementNotVisible(params.role, params.accessibleName, check));
      await recordAssertion(session, response, { kind: 'visible' }, async language => codeOf(await nodeLocator(session, tab, check.match, check.frame), language));
      response.addResult(verifyDone);
    },
  }),
  defineTool({
    name: 'browser_verify_text_visible',
    group: 'testing',
    title: 'Verify text visible',
    description: 'Verify text is visible on the page. Prefer browser_verify_element_visible if possible.',
    params: {
      text: z.string().min(1).describe('TEXT to verify. Can be found in the snapshot like this: `- role "Accessible Name": {TEXT}` or like this: `- text: {TEXT}`'),
    },
    annotations: readOnly,
    async handle(session, params, response) {
      const tab = await session.ensureTab();
      const check = await verifyText(await tab.aria(), params.text);
      if (!check.ok) return fail(response, textNotVisible(params.text, check));
      await recordAssertion(session, response, { kind: 'visible' }, language => textLocator(session, tab, check, params.text, language));
      response.addResult(verifyDone);
    },
  }),
  defineTool({
    name: 'browser_verify_list_visible',
    group: 'testing',
    title: 'Verify list visible',
    description: 'Verify list is visible on the page',
    params: {
      element: z.string().describe('Human-readable list description'),
      target: targetString().describe('Exact target element reference that points to the list'),
      items: z.array(z.string()).describe('Items to verify'),
    },
    aliases: targetAliases,
    annotations: readOnly,
    async handle(session, params, response) {
      const tab = await session.ensureTab();
      const check = await verifyList(await tab.aria(), params.target, params.items);
      if (!check.ok) return fail(response, listMismatch(check));
      // Matched against the body of the list's frame, as Playwright MCP records it: the YAML names the items.
      const listRef = check.list.ref;
      await recordAssertion(session, response, { kind: 'ariaSnapshot', yaml: listSnapshotYaml(check.items) }, async language => {
        const frames = listRef ? (await pathOf(session, tab, listRef))?.frames : undefined;
        return codeOf(frames && { frames, element: [{ kind: 'css', selector: 'body' }] }, language);
      });
      response.addResult(verifyDone);
    },
  }),
  defineTool({
    name: 'browser_verify_value',
    group: 'testing',
    title: 'Verify value',
    description: 'Verify element value',
    params: {
      type: z.enum(['textbox', 'checkbox', 'radio', 'combobox', 'slider']).describe('Type of the element'),
      element: z.string().describe('Human-readable element description'),
      target: targetString().describe('Exact target element reference from the page snapshot'),
      value: z.string().describe('Value to verify. For checkbox, use "true" or "false".'),
    },
    aliases: targetAliases,
    annotations: readOnly,
    async handle(session, params, response) {
      const tab = await session.ensureTab();
      const check = await verifyValue(await tab.aria(), params.target, params.type, params.value);
      if (!check.ok) return fail(response, valueMismatch(params.value, check));
      const assertion: Assertion = params.type === 'checkbox' || params.type === 'radio'
        ? { kind: 'checked', checked: check.actual === 'true' }
        : { kind: 'value', value: params.value };
      const ref = check.node.ref;
      await recordAssertion(session, response, assertion, async language => ref ? codeOf(await pathOf(session, tab, ref), language) : undefined);
      response.addResult(verifyDone);
    },
  }),
  defineTool({
    name: 'browser_generate_locator',
    group: 'testing',
    title: 'Create locator for element',
    description: 'Generate locator for the given element to use in tests',
    // Playwright MCP's shorter wording of the target: this definition stays no larger than theirs.
    params: {
      element: z.string().optional().describe('Human-readable element description used to obtain permission to interact with the element'),
      target: targetString().describe('Exact target element reference from the page snapshot, or a unique element selector'),
    },
    aliases: targetAliases,
    annotations: readOnly,
    async handle(session, params, response) {
      const tab = await session.ensureTab();
      const aria = await tab.aria();
      const target = params.target.trim();
      const ref = isRef(target) ? target : await refForTarget(aria, target);
      const path = await aria.locatorPath(ref, { testIdAttribute: session.config.testIdAttribute });
      // The locator is the answer itself: with --codegen none it is still given, in TypeScript.
      response.addResult(locatorCode(path, session.config.codegen === 'none' ? 'typescript' : session.config.codegen));
    },
  }),
];
