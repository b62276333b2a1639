// The 'testing' group: assertions an agent writing a test makes (browser_verify_*), judged on
// ariaref's own snapshot (the runtime's roles, names and visibility), and the Playwright locator
// for an element. Each pass records its `expect(...)` in the session's --codegen language.
import { z } from 'zod';
import { defineTool } from '../define.js';
import { isRef, refForTarget, verifyElement, verifyList, verifyText, verifyValue, type LocatorPath } from '../../index.js';
import type { Session } from '../session.js';
import type { Tab } from '../tab.js';
import type { ToolResponse } from '../response.js';
import { locatorCode, type CodegenLanguage } from '../codegen/locator.js';
import { assertionCode, byTextStep, type Assertion } from '../codegen/assert.js';
import { elementNotVisible, listMismatch, listSnapshotYaml, textNotVisible, valueMismatch, verifyDone } from '../format/testing.js';
import { targetAliases } from './common.js';

const readOnly = { readOnlyHint: true, destructiveHint: false, openWorldHint: false };

/** Longer statements are left out of the code section, as the action codegen does. */
const MAX_STATEMENT_CHARS = 4000;

async function pathOf(session: Session, tab: Tab, ref: string): Promise<LocatorPath | undefined> {
  const aria = await tab.aria();
  return aria.locatorPath(ref, { testIdAttribute: session.config.testIdAttribute }).catch(() => undefined);
}

type LocatorBuilder = (path: LocatorPath, language: CodegenLanguage) => string;

/**
 * Records `expect(<locator>)...`, the locator built from the path of `ref`; a text builder may
 * start from the page when the node has no ref. The code is a bonus: a locator that cannot be
 * made leaves it out.
 */
async function recordAssertion(session: Session, response: ToolResponse, tab: Tab, ref: string | undefined, assertion: Assertion, text?: LocatorBuilder): Promise<void> {
  const language = session.config.codegen;
  if (language === 'none') return;
  const build = text ?? locatorCode;
  const path = ref ? await pathOf(session, tab, ref) : text ? { frames: [], element: [] } : undefined;
  if (!path) return;
  const statement = assertionCode(build(path, language), assertion, language);
  response.addCode(statement.length <= MAX_STATEMENT_CHARS ? statement : `// (a statement of ${statement.length} characters, left out)`);
}

export const testingTools = [
  defineTool({
    name: 'browser_verify_element_visible',
    group: 'testing',
    title: 'Verify element visible',
    description: 'Verify element is visible on the page',
    params: {
      role: z.string().describe('ROLE of the element. Can be found in the snapshot like this: `- {ROLE} "Accessible Name":`'),
      accessibleName: z.string().describe('ACCESSIBLE_NAME of the element. Can be found in the snapshot like this: `- role "{ACCESSIBLE_NAME}"`'),
    },
    annotations: readOnly,
    async handle(session, params, response) {
      const tab = await session.ensureTab();
      const check = await verifyElement(await tab.aria(), params.role, params.accessibleName);
      if (!check.ok) return response.addError(elementNotVisible(params.role, params.accessibleName, check));
      await recordAssertion(session, response, tab, check.match.ref, { kind: 'visible' });
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
      if (!check.ok) return response.addError(textNotVisible(params.text, check));
      // getByText inside the frame that shows it: the frames' path of the node, then the text.
      await recordAssertion(session, response, tab, check.match.ref, { kind: 'visible' },
        (path, language) => locatorCode({ frames: path.frames, element: [] }, language) + byTextStep(params.text, language));
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
      target: z.string().min(1).describe('Exact target element reference that points to the list'),
      items: z.array(z.string()).describe('Items to verify'),
    },
    aliases: targetAliases,
    annotations: readOnly,
    async handle(session, params, response) {
      const tab = await session.ensureTab();
      const check = await verifyList(await tab.aria(), params.target, params.items);
      if (!check.ok) return response.addError(listMismatch(check));
      await recordAssertion(session, response, tab, check.list.ref, { kind: 'ariaSnapshot', yaml: listSnapshotYaml(check.items) });
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
      target: z.string().min(1).describe('Exact target element reference from the page snapshot'),
      value: z.string().describe('Value to verify. For checkbox, use "true" or "false".'),
    },
    aliases: targetAliases,
    annotations: readOnly,
    async handle(session, params, response) {
      const tab = await session.ensureTab();
      const check = await verifyValue(await tab.aria(), params.target, params.type, params.value);
      if (!check.ok) return response.addError(valueMismatch(params.value, check));
      const assertion: Assertion = params.type === 'checkbox' || params.type === 'radio'
        ? { kind: 'checked', checked: check.actual === 'true' }
        : { kind: 'value', value: params.value };
      await recordAssertion(session, response, tab, check.node.ref, assertion);
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
      target: z.string().min(1).describe('Exact target element reference from the page snapshot, or a unique element selector'),
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
