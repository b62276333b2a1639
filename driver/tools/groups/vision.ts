// Opt-in coordinate tools (--caps vision) for agents that work from screenshots: the mouse at
// x/y in viewport CSS pixels, as seen in browser_take_screenshot.
import { z } from 'zod';
import { defineTool } from '../define.js';
import { act } from './common.js';

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
      await act(session, response, tab => tab.page.mouse.move(params.x, params.y));
      response.addResult(`Moved the mouse to (${params.x}, ${params.y}).`);
    },
  }),
  defineTool({
    name: 'browser_mouse_click_xy',
    group: 'vision',
    title: 'Click at coordinates',
    description: 'Click the left mouse button at a given position',
    params: { element: elementParam, x: coordinate('X coordinate'), y: coordinate('Y coordinate') },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    async handle(session, params, response) {
      await act(session, response, tab => tab.page.mouse.click(params.x, params.y));
      response.addResult(`Clicked at (${params.x}, ${params.y}).`);
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
      deltaX: z.number().optional().describe('Horizontal scroll amount in pixels (default 0)'),
      deltaY: z.number().describe('Vertical scroll amount in pixels'),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    async handle(session, params, response) {
      await act(session, response, tab => tab.page.mouse.wheel(params.deltaX ?? 0, params.deltaY));
      response.addResult(`Scrolled the wheel by (${params.deltaX ?? 0}, ${params.deltaY}).`);
    },
  }),
];
