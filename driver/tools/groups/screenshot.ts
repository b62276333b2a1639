// browser_take_screenshot: the viewport, the full page or one element, saved full size to the
// output directory and sent inline scaled to what clients accept.
import { z } from 'zod';
import { writeFileSync } from 'node:fs';
import { defineTool } from '../define.js';
import { timestampedName } from '../files.js';
import { fitForClients, type Capture } from '../image-fit.js';
import { describeTarget, elementParam, locate } from './common.js';

export const screenshotTools = [
  defineTool({
    name: 'browser_take_screenshot',
    group: 'core',
    title: 'Take a screenshot',
    description: 'Take a screenshot of the current page, the full page or one element. You can\'t act on what you see in it: use browser_snapshot for actions.',
    params: {
      type: z.enum(['png', 'jpeg']).optional().describe('Image format for the screenshot. Default is png.'),
      filename: z.string().optional().describe('File name to save the screenshot to (inside the output directory or the client roots). Defaults to screenshot-<timestamp>.<type>.'),
      element: elementParam,
      ref: z.string().optional().describe('Exact target element reference from the page snapshot; screenshots just that element'),
      fullPage: z.boolean().optional().describe('When true, takes a screenshot of the full scrollable page instead of the viewport. Cannot be used with ref.'),
    },
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
    async handle(session, params, response) {
      if (params.ref && params.fullPage) throw new Error('Pass either "ref" (one element) or "fullPage", not both.');
      const tab = await session.ensureTab();
      const type = params.type ?? 'png';
      const options = { type, scale: 'css' as const, quality: type === 'jpeg' ? 90 : undefined, timeout: 15_000 };
      let capture: Capture;
      let buffer: Buffer;
      if (params.ref) {
        const locator = await locate(tab, params.ref);
        buffer = await locator.screenshot(options);
        const box = await locator.boundingBox();
        capture = box ? { kind: 'region', region: box } : { kind: 'viewport' };
      } else {
        buffer = await tab.page.screenshot({ ...options, fullPage: !!params.fullPage });
        capture = params.fullPage ? { kind: 'fullPage' } : { kind: 'viewport' };
      }
      const path = await session.outputFile(params.filename, timestampedName('screenshot', type === 'png' ? 'png' : 'jpg'), 'Screenshot');
      writeFileSync(path, buffer);
      const what = params.ref ? describeTarget({ element: params.element, ref: params.ref }) : params.fullPage ? 'the full page' : 'the viewport';
      response.addResult(`Took a screenshot of ${what}, saved to ${path}.`);
      const fitted = await fitForClients(tab.page, buffer, capture, type);
      if (fitted.note) response.addResult(fitted.note);
      if (fitted.data.length) response.addImage({ data: fitted.data.toString('base64'), mimeType: fitted.mimeType });
    },
  }),
];
