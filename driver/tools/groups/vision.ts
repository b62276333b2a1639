// Opt-in coordinate tools (--caps vision) for agents that work from screenshots: the mouse at
// x/y in viewport CSS pixels, as seen in browser_take_screenshot.
import { z } from 'zod';
import { defineTool } from '../define.js';
import { act } from './common.js';
import { recordPageCall } from '../codegen/record.js';

const elementParam = z.string().optional().describe('Human-readable element description, used to obtain permission to interact with the element');
const coordinate = (what: string) => z.number().describe(`${what} (viewport CSS pixels)`);

export const visionTools = [
  defineTool({
    name: 'browser_mouse_move_xy',
    group: 'vision',
    title: 'Move mouse',
    description: 'Move the mouse to a given position',
    params: { element: elementParam, x: coordinate('X coordinate'), y: coordinate('Y coordinate') },
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
    title: 'Click at coordinates',
    description: 'Click the left mouse button at a given position',
    params: {
      element: elementParam, x: coordinate('X coordinate'), y: coordinate('Y coordinate'),
      button: z.enum(['left', 'right', 'middle']).optional().describe('Button to click, defaults to left'),
      clickCount: z.number().int().min(1).max(3).optional().describe('Number of clicks, defaults to 1'),
      delay: z.number().min(0).max(10_000).optional().describe('Time to wait between mouse down and mouse up in milliseconds, defaults to 0'),
    },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    async handle(session, params, response) {
      recordPageCall(session, response, { method: 'mouseClick', x: params.x, y: params.y });
      await act(session, response, tab => tab.page.mouse.click(params.x, params.y, { button: params.button, clickCount: params.clickCount, delay: params.delay }));
      const how = [params.button && params.button !== 'left' ? `the ${params.button} button` : '', params.clickCount && params.clickCount > 1 ? `${params.clickCount} clicks` : ''].filter(Boolean).join(', ');
      response.addResult(`Clicked at (${params.x}, ${params.y})${how ? ` (${how})` : ''}.`);
    },
  }),
  defineTool({
    name: 'browser_mouse_drag_xy',
    group: 'vision',
    title: 'Drag with the mouse',
    description: 'Drag the left mouse button from one position to another',
    params: {
      element: elementParam,
      startX: coordinate('Start X coordinate'),
      startY: coordinate('Start Y coordinate'),
      endX: coordinate('End X coordinate'),
      endY: coordinate('End Y coordinate'),
    },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    async handle(session, params, response) {
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
  defineTool({
    name: 'browser_mouse_wheel',
    group: 'vision',
    title: 'Scroll the mouse wheel',
    description: 'Scroll the mouse wheel at the current mouse position',
    params: {
      deltaX: z.number().default(0).describe('Horizontal scroll amount in pixels (default 0)'),
      deltaY: z.number().default(0).describe('Vertical scroll amount in pixels (default 0)'),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    async handle(session, params, response) {
      recordPageCall(session, response, { method: 'mouseWheel', deltaX: params.deltaX ?? 0, deltaY: params.deltaY ?? 0 });
      await act(session, response, tab => tab.page.mouse.wheel(params.deltaX ?? 0, params.deltaY));
      response.addResult(`Scrolled the wheel by (${params.deltaX ?? 0}, ${params.deltaY}).`);
    },
  }),
];
