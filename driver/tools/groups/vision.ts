// Opt-in coordinate tools (--caps vision) for agents that work from screenshots: the mouse at
// x/y in viewport CSS pixels, as seen in browser_take_screenshot.
import { z } from 'zod';
import { defineTool } from '../define.js';
import { act } from './common.js';
import { recordPageCall } from '../codegen/record.js';
import { recordInputCall } from '../codegen/input.js';
import { clickXYResult, mouseButtonResult } from '../format/input.js';
import { MAX_CLICK_COUNT, MAX_SCROLL_PX } from '../../index.js';
import { boundedNumber, wholeNumber } from '../input-policy.js';

// `element` is still accepted from callers of earlier Playwright MCP versions, which required it;
// 0.0.83 dropped it, so it goes undescribed: a description would cost tokens in every tool list.
const elementParam = z.string().optional();
/** Viewport CSS pixels: a viewport is at most 10,000 wide (browser_resize), a little off its edges is allowed. */
const coordinate = (name: string, what: string) => boundedNumber(name, -MAX_COORDINATE, MAX_COORDINATE, 'pixels').describe(what);
const MAX_COORDINATE = 20_000;

const buttonParam = z.enum(['left', 'right', 'middle']).optional().describe('Button to press, defaults to left');

/** browser_mouse_down / browser_mouse_up: one button at the mouse's current position, held between the two. */
function mouseButtonTool(direction: 'down' | 'up') {
  return defineTool({
    name: `browser_mouse_${direction}`,
    group: 'vision',
    title: `Press mouse ${direction}`,
    description: `Press mouse ${direction}`,
    params: { button: buttonParam },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    async handle(session, params, response) {
      recordInputCall(session, response, { method: direction === 'down' ? 'mouseDown' : 'mouseUp', button: params.button });
      await act(session, response, tab => tab.page.mouse[direction]({ button: params.button }));
      response.addResult(mouseButtonResult(direction, params.button));
    },
  });
}

export const visionTools = [
  defineTool({
    name: 'browser_mouse_move_xy',
    group: 'vision',
    title: 'Move mouse',
    description: 'Move mouse to a given position',
    params: { element: elementParam, x: coordinate('x', 'X coordinate'), y: coordinate('y', 'Y coordinate') },
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
    async handle(session, params, response) {
      recordPageCall(session, response, { method: 'mouseMove', x: params.x, y: params.y });
      await act(session, response, tab => tab.page.mouse.move(params.x, params.y));
      response.addResult(`Moved the mouse to (${params.x}, ${params.y}).`);
    },
  }),
  defineTool({
    name: 'browser_mouse_click_xy',
    group: 'vision',
    title: 'Click',
    description: 'Click mouse button at a given position',
    params: {
      element: elementParam, x: coordinate('x', 'X coordinate'), y: coordinate('y', 'Y coordinate'),
      button: z.enum(['left', 'right', 'middle']).optional().describe('Button to click, defaults to left'),
      clickCount: wholeNumber('clickCount', 1, MAX_CLICK_COUNT).optional().describe('Number of clicks, defaults to 1'),
      delay: boundedNumber('delay', 0, 10_000, 'ms').optional().describe('Time to wait between mouse down and mouse up in milliseconds, defaults to 0'),
    },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    async handle(session, params, response) {
      const options = { button: params.button, clickCount: params.clickCount, delay: params.delay };
      recordInputCall(session, response, { method: 'mouseClick', x: params.x, y: params.y, ...options });
      await act(session, response, tab => tab.page.mouse.click(params.x, params.y, options));
      response.addResult(clickXYResult(params.x, params.y, params.button, params.clickCount));
    },
  }),
  defineTool({
    name: 'browser_mouse_drag_xy',
    group: 'vision',
    title: 'Drag mouse',
    description: 'Drag left mouse button to a given position',
    params: {
      element: elementParam,
      startX: coordinate('startX', 'Start X coordinate'),
      startY: coordinate('startY', 'Start Y coordinate'),
      endX: coordinate('endX', 'End X coordinate'),
      endY: coordinate('endY', 'End Y coordinate'),
    },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    async handle(session, params, response) {
      recordInputCall(session, response, { method: 'mouseMove', x: params.startX, y: params.startY }, { method: 'mouseDown' },
        { method: 'mouseMove', x: params.endX, y: params.endY }, { method: 'mouseUp' });
      await act(session, response, async tab => {
        const mouse = tab.page.mouse;
        await mouse.move(params.startX, params.startY);
        await mouse.down();
        await mouse.move(params.endX, params.endY, { steps: 10 });
        await mouse.up();
      });
      response.addResult(`Dragged from (${params.startX}, ${params.startY}) to (${params.endX}, ${params.endY}).`);
    },
  }),
  mouseButtonTool('down'),
  mouseButtonTool('up'),
  defineTool({
    name: 'browser_mouse_wheel',
    group: 'vision',
    title: 'Scroll mouse wheel',
    description: 'Scroll mouse wheel',
    params: {
      deltaX: boundedNumber('deltaX', -MAX_SCROLL_PX, MAX_SCROLL_PX, 'pixels').default(0).describe('X delta (pixels)'),
      deltaY: boundedNumber('deltaY', -MAX_SCROLL_PX, MAX_SCROLL_PX, 'pixels').default(0).describe('Y delta (pixels)'),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    async handle(session, params, response) {
      recordPageCall(session, response, { method: 'mouseWheel', deltaX: params.deltaX ?? 0, deltaY: params.deltaY ?? 0 });
      await act(session, response, tab => tab.page.mouse.wheel(params.deltaX ?? 0, params.deltaY));
      response.addResult(`Scrolled the wheel by (${params.deltaX ?? 0}, ${params.deltaY}).`);
    },
  }),
];
