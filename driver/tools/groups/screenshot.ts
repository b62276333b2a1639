// browser_take_screenshot: the viewport, the full page or one element, saved full size to the
// output directory and sent inline scaled to what clients accept.
import { z } from 'zod';
import { writeFileSync } from 'node:fs';
import { defineTool } from '../define.js';
import { timestampedName } from '../files.js';
import { fitForClients, type Capture } from '../image-fit.js';
import { elementParam, locate, targetAliases } from './common.js';
import { fileLink } from '../format/sections.js';
import { recordPageCall } from '../codegen/record.js';

export const screenshotTools = [
  defineTool({
    name: 'browser_take_screenshot',
    group: 'core',
    title: 'Take a screenshot',
    description: 'Take a screenshot of the current page, the full page or one element. You can\'t act on what you see in it: use browser_snapshot for actions.',
    params: {
      type: z.enum(['png', 'jpeg', 'webp']).optional().describe('Image format for the screenshot. If unset, inferred from the filename extension, otherwise png.'),
      filename: z.string().optional().describe('File name to save the screenshot to (inside the output directory or the client roots). Defaults to screenshot-<timestamp>.<type>.'),
      element: elementParam,
      target: z.string().optional().describe('Exact target element reference from the page snapshot, or a unique element selector; screenshots just that element'),
      fullPage: z.boolean().optional().describe('When true, takes a screenshot of the full scrollable page instead of the viewport. Cannot be used with target.'),
      scale: z.enum(['css', 'device']).default('css').describe('"css" (default): sized in CSS pixels; "device": device pixels (larger on high-DPI screens)'),
    },
    aliases: targetAliases,
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
    async handle(session, params, response) {
      if (params.target && params.fullPage) throw new Error('Pass either "target" (one element) or "fullPage", not both.');
      const tab = await session.ensureTab();
      const asked = params.type ?? (/\.jpe?g$/i.test(params.filename ?? '') ? 'jpeg' : /\.webp$/i.test(params.filename ?? '') ? 'webp' : 'png');
      // Playwright encodes png and jpeg; a webp request is served as png, and the result says so.
      const type = asked === 'jpeg' ? 'jpeg' : 'png';
      const options = { type, scale: params.scale ?? 'css', quality: type === 'jpeg' ? 90 : undefined, timeout: 15_000 } as const;
      let capture: Capture;
      let buffer: Buffer;
      if (params.target) {
        const locator = await locate(tab, params.target);
        buffer = await locator.screenshot(options);
        const box = await locator.boundingBox();
        capture = box ? { kind: 'region', region: box } : { kind: 'viewport' };
      } else {
        buffer = await tab.page.screenshot({ ...options, fullPage: !!params.fullPage });
        capture = params.fullPage ? { kind: 'fullPage' } : { kind: 'viewport' };
      }
      // Named and linked as Playwright MCP does: page-<time>.png / element-<time>.png, "Screenshot of viewport".
      const path = await session.outputFile(params.filename, timestampedName(params.target ? 'element' : 'page', type === 'png' ? 'png' : 'jpg'), 'Screenshot');
      writeFileSync(path, buffer);
      if (!params.target) recordPageCall(session, response, { method: 'screenshot', path: await session.relativizePaths(path), fullPage: !!params.fullPage });
      const label = params.target ? params.element || 'element' : params.fullPage ? 'full page' : 'viewport';
      response.addResult(`${fileLink(`Screenshot of ${label}`, path)}${asked === 'webp' ? '\n(Saved as png: webp is not available.)' : ''}`);
      // Asked to save it to a file, the agent gets the link only, as from Playwright MCP: no image tokens.
      if (params.filename) return;
      const fitted = await fitForClients(tab.page, buffer, capture, type);
      if (fitted.note) response.addResult(fitted.note);
      if (fitted.data.length) response.addImage({ data: fitted.data.toString('base64'), mimeType: fitted.mimeType });
    },
  }),
];
