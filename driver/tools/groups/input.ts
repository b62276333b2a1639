// Pointer and keyboard tools aimed at elements by ref: click, hover, type, press a key, drag,
// scroll. Each reports what the page did and appends a fresh snapshot.
import { z } from 'zod';
import { defineTool } from '../define.js';
import { actWithEngine, describeTarget, elementParam, refParam, targetShape } from './common.js';
import { click, drag, hover, MODIFIER_KEYS, press, scrollBy, scrollIntoView, type } from '../../index.js';

export const inputTools = [
  defineTool({
    name: 'browser_click',
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
      await actWithEngine(session, response, (target, options) => click(target, params.ref, {
        ...options, button: params.button, modifiers: params.modifiers, clickCount: params.doubleClick ? 2 : 1,
      }));
      response.addResult(`${params.doubleClick ? 'Double-clicked' : 'Clicked'} ${describeTarget(params)}.`);
    },
  }),
  defineTool({
    name: 'browser_hover',
    group: 'core',
    title: 'Hover',
    description: 'Hover the mouse over an element of the page',
    params: targetShape,
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
    async handle(session, params, response) {
      await actWithEngine(session, response, (target, options) => hover(target, params.ref, options));
      response.addResult(`Hovered over ${describeTarget(params)}.`);
    },
  }),
  defineTool({
    name: 'browser_type',
    group: 'core',
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
      await actWithEngine(session, response, (target, options) => type(target, params.ref, params.text, { ...options, submit: params.submit, slowly: params.slowly }));
      response.addResult(`Typed ${JSON.stringify(params.text)} into ${describeTarget(params)}${params.submit ? ' and pressed Enter' : ''}.`);
    },
  }),
  defineTool({
    name: 'browser_press_key',
    group: 'core',
    title: 'Press a key',
    description: 'Press a key on the keyboard (in the focused element)',
    params: { key: z.string().min(1).describe('Name of the key to press or a character to generate, such as `ArrowLeft`, `a` or `Control+A`') },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    async handle(session, params, response) {
      await actWithEngine(session, response, (target, options) => press(target, params.key, options));
      response.addResult(`Pressed ${params.key}.`);
    },
  }),
  defineTool({
    name: 'browser_drag',
    group: 'core',
    title: 'Drag and drop',
    description: 'Perform drag and drop between two elements',
    params: {
      startElement: elementParam.describe('Human-readable source element description'),
      startRef: refParam.describe('Exact source element reference from the page snapshot'),
      endElement: elementParam.describe('Human-readable target element description'),
      endRef: refParam.describe('Exact target element reference from the page snapshot'),
    },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    async handle(session, params, response) {
      await actWithEngine(session, response, (target, options) => drag(target, params.startRef, params.endRef, options));
      response.addResult(`Dragged ${describeTarget({ element: params.startElement, ref: params.startRef })} to ${describeTarget({ element: params.endElement, ref: params.endRef })}.`);
    },
  }),
  defineTool({
    name: 'browser_scroll',
    group: 'core',
    title: 'Scroll',
    description: 'Scroll an element into view (ref), or scroll the page (or the element under the mouse) by an offset in CSS pixels',
    params: {
      element: elementParam,
      ref: refParam.optional().describe('Element to scroll into view'),
      deltaX: z.number().optional().describe('Horizontal offset in pixels (positive scrolls right)'),
      deltaY: z.number().optional().describe('Vertical offset in pixels (positive scrolls down)'),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    async handle(session, params, response) {
      if (!params.ref && params.deltaX === undefined && params.deltaY === undefined)
        throw new Error('browser_scroll needs "ref" (to scroll that element into view) or "deltaX"/"deltaY" (to scroll by an offset).');
      await actWithEngine(session, response, (target, options) => params.ref
        ? scrollIntoView(target, params.ref, options)
        : scrollBy(target, params.deltaX ?? 0, params.deltaY ?? 0, options));
      response.addResult(params.ref ? `Scrolled ${describeTarget({ element: params.element, ref: params.ref })} into view.` : `Scrolled by (${params.deltaX ?? 0}, ${params.deltaY ?? 0}).`);
    },
  }),
];
