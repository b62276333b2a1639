// Pointer and keyboard tools aimed at elements by ref: click, hover, type, press a key, drag,
// scroll. Each reports what the page did and appends a fresh snapshot.
import { z } from 'zod';
import { defineTool } from '../define.js';
import { actWithEngine, besideAction, describeTarget, elementParam, targetAliases, targetParam, targetShape } from './common.js';
import { click, drag, hover, MAX_SCROLL_PX, MODIFIER_KEYS, press, scrollBy, scrollIntoView, type } from '../../index.js';
import { recordBeside, recordElementCall, recordPageCall, recordActedInPlace, targetCode } from '../codegen/record.js';
import type { LocatorCall } from '../codegen/locator.js';
import { lookupSecret } from '../secrets.js';
import { claimOn } from '../restated.js';
import { boundedNumber } from '../input-policy.js';

export const inputTools = [
  defineTool({
    name: 'browser_click',
    aliases: targetAliases,
    group: 'core',
    title: 'Click',
    description: 'Perform a click on an element of the page',
    params: {
      ...targetShape,
      doubleClick: z.boolean().optional().describe('Whether to perform a double click instead of a single click'),
      button: z.enum(['left', 'right', 'middle']).optional().describe('Button to click, defaults to left'),
      modifiers: z.array(z.enum(MODIFIER_KEYS)).optional().describe('Modifier keys to press'),
    },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    async handle(session, params, response) {
      const tab = await session.ensureTab();
      const statement = response.code.length;
      const call = { method: 'click', button: params.button, clickCount: params.doubleClick ? 2 : 1, modifiers: params.modifiers } as const;
      // The code's locator is read by the action's own ref check: no call of its own into the page.
      await besideAction(await recordBeside(session, response, tab, params.target, [call]), () => actWithEngine(session, response, (target, options) => click(target, params.target, {
        ...options, button: params.button, modifiers: params.modifiers, clickCount: params.doubleClick ? 2 : 1,
      })));
      await recordActedInPlace(session, response, tab, statement, call);
      response.addEcho(`${params.doubleClick ? 'Double-clicked' : 'Clicked'} ${describeTarget(params)}.`);
      response.focused(params.target);
    },
  }),
  defineTool({
    name: 'browser_hover',
    aliases: targetAliases,
    group: 'core',
    title: 'Hover',
    description: 'Hover the mouse over an element of the page',
    params: targetShape,
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
    async handle(session, params, response) {
      await besideAction(await recordBeside(session, response, await session.ensureTab(), params.target, [{ method: 'hover' }]),
        () => actWithEngine(session, response, (target, options) => hover(target, params.target, options)));
      response.addEcho(`Hovered over ${describeTarget(params)}.`);
    },
  }),
  defineTool({
    name: 'browser_type',
    aliases: targetAliases,
    group: 'core-input',
    title: 'Type text',
    description: 'Type text into an editable element (replaces its content)',
    params: {
      ...targetShape,
      text: z.string().describe('Text to type into the element'),
      submit: z.boolean().optional().describe('Whether to submit entered text (press Enter after)'),
      slowly: z.boolean().optional().describe('Type one character at a time, to trigger key handlers in the page. By default the whole text is filled in at once.'),
    },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    async handle(session, params, response) {
      const tab = await session.ensureTab();
      const text = lookupSecret(session.config.secrets, params.text);
      const calls: LocatorCall[] = [{ method: params.slowly ? 'pressSequentially' : 'fill', text: text.value, secret: text.secret }];
      if (params.submit) calls.push({ method: 'press', text: 'Enter' });
      await besideAction(await recordBeside(session, response, tab, params.target, calls),
        () => actWithEngine(session, response, (target, options) => type(target, params.target, text.value, { ...options, submit: params.submit, slowly: params.slowly })));
      // A secret's line shows the redacted value, not the name typed: the diff stays.
      response.addEcho(`Typed ${JSON.stringify(params.text)} into ${describeTarget(params)}${params.submit ? ' and pressed Enter' : ''}.`,
        text.secret ? undefined : claimOn(params.target, { value: params.text }));
      response.focused(params.target);
    },
  }),
  defineTool({
    name: 'browser_press_key',
    group: 'core-input',
    title: 'Press a key',
    description: 'Press a key on the keyboard',
    params: { key: z.string().min(1).describe('Name of the key to press or a character to generate, such as `ArrowLeft`, `a` or `Control+A`') },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    async handle(session, params, response) {
      recordPageCall(session, response, { method: 'press', key: params.key });
      await actWithEngine(session, response, (target, options) => press(target, params.key, options));
      response.addResult(`Pressed ${params.key}.`);
    },
  }),
  defineTool({
    name: 'browser_drag',
    aliases: { startRef: 'startTarget', endRef: 'endTarget' },
    group: 'core',
    title: 'Drag and drop',
    description: 'Perform drag and drop between two elements',
    params: {
      startElement: elementParam.describe('Human-readable source element description'),
      startTarget: targetParam.describe('Exact source element reference from the page snapshot, or a unique element selector'),
      endElement: elementParam.describe('Human-readable target element description'),
      endTarget: targetParam.describe('Exact target element reference from the page snapshot, or a unique element selector'),
    },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    async handle(session, params, response) {
      const tab = await session.ensureTab();
      const destination = await targetCode(session, tab, params.endTarget);
      if (destination) await recordElementCall(session, response, tab, params.startTarget, { method: 'dragTo', target: destination });
      await actWithEngine(session, response, (target, options) => drag(target, params.startTarget, params.endTarget, options));
      response.addResult(`Dragged ${describeTarget({ element: params.startElement, target: params.startTarget })} to ${describeTarget({ element: params.endElement, target: params.endTarget })}.`);
    },
  }),
  defineTool({
    name: 'browser_scroll',
    aliases: targetAliases,
    group: 'core-input',
    skillOnly: true,
    title: 'Scroll',
    description: 'Scroll an element into view (target), or scroll the page (or the element under the mouse) by an offset in CSS pixels',
    params: {
      element: elementParam,
      target: targetParam.optional().describe('Element to scroll into view (ref or unique selector)'),
      deltaX: boundedNumber('deltaX', -MAX_SCROLL_PX, MAX_SCROLL_PX, 'pixels').optional().describe('Horizontal offset in pixels (positive scrolls right)'),
      deltaY: boundedNumber('deltaY', -MAX_SCROLL_PX, MAX_SCROLL_PX, 'pixels').optional().describe('Vertical offset in pixels (positive scrolls down)'),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    async handle(session, params, response) {
      if (!params.target && params.deltaX === undefined && params.deltaY === undefined)
        throw new Error('browser_scroll needs "target" (to scroll that element into view) or "deltaX"/"deltaY" (to scroll by an offset).');
      await actWithEngine(session, response, (target, options) => params.target
        ? scrollIntoView(target, params.target, options)
        : scrollBy(target, params.deltaX ?? 0, params.deltaY ?? 0, options));
      response.addResult(params.target ? `Scrolled ${describeTarget({ element: params.element, target: params.target })} into view.` : `Scrolled by (${params.deltaX ?? 0}, ${params.deltaY ?? 0}).`);
    },
  }),
];
