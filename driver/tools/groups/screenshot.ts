// browser_take_screenshot: the viewport, the full page or one element, saved full size to the
// output directory and sent inline scaled to what clients accept.
import { z } from 'zod';
import { writeFileSync } from 'node:fs';
import { defineTool } from '../define.js';
import { timestampedName } from '../files.js';
import { fitForClients, type Capture, type ImageFormat } from '../image-fit.js';
import { elementParam, locate, targetAliases, targetString } from './common.js';
import { fileLink } from '../format/sections.js';
import { recordPageCall } from '../codegen/record.js';
import { fileName } from '../input-policy.js';

/** The format a file name asks for by its extension, if any. */
function formatOfName(filename: string | undefined): ImageFormat | undefined {
  const extension = /\.(png|jpe?g|webp)$/i.exec(filename ?? '')?.[1].toLowerCase();
  return extension === 'jpg' ? 'jpeg' : extension as ImageFormat | undefined;
}

export const screenshotTools = [
  defineTool({
    name: 'browser_take_screenshot',
    group: 'core',
    title: 'Take a screenshot',
    description: 'Take a screenshot of the current page, the full page or one element. You can\'t act on what you see in it: use browser_snapshot for actions.',
    params: {
      type: z.enum(['png', 'jpeg', 'webp']).optional().describe('Image format for the screenshot. If unset, inferred from the filename extension, otherwise png.'),
      filename: fileName().optional().describe('File name to save the screenshot to, relative to the workspace. Defaults to page-<timestamp>.<type>.'),
      element: elementParam,
      target: targetString().optional().describe('Exact target element reference from the page snapshot, or a unique element selector; screenshots just that element'),
      fullPage: z.boolean().optional().describe('When true, takes a screenshot of the full scrollable page instead of the viewport. Cannot be used with target.'),
      scale: z.enum(['css', 'device']).default('css').describe('"css" (default): sized in CSS pixels; "device": device pixels (larger on high-DPI screens)'),
    },
    aliases: targetAliases,
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
    async handle(session, params, response) {
      if (params.target && params.fullPage) throw new Error('Pass either "target" (one element) or "fullPage", not both.');
      const tab = await session.ensureTab();
      const type = params.type ?? formatOfName(params.filename) ?? 'png';
      const scale = params.scale ?? 'css';
      const quality = type === 'jpeg' ? 90 : undefined;
      const options = { type, scale, quality, timeout: 15_000 } as const;
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
      // Named and linked as Playwright MCP does: page-<time>.<type> / element-<time>.<type>, "Screenshot of viewport".
      const path = await session.outputFile(params.filename, timestampedName(params.target ? 'element' : 'page', type), 'Screenshot');
      writeFileSync(path, buffer);
      if (!params.target) {
        recordPageCall(session, response, {
          method: 'screenshot', path: await session.relativizePaths(path), fullPage: !!params.fullPage,
          type: type === 'png' ? undefined : type, quality, scale: scale === 'device' ? scale : undefined,
        });
      }
      const label = params.target ? params.element || 'element' : params.fullPage ? 'full page' : 'viewport';
      response.addResult(fileLink(`Screenshot of ${label}`, path));
      // Asked to save it to a file, the agent gets the link only, as from Playwright MCP: no image tokens.
      if (params.filename) return;
      const fitted = await fitForClients(tab.page, buffer, capture, type);
      if (fitted.note) response.addResult(fitted.note);
      if (fitted.data.length) response.addImage({ data: fitted.data.toString('base64'), mimeType: fitted.mimeType });
    },
  }),
];
