// browser_snapshot: the page as ARIA YAML with refs, the agent's way of seeing the page.
import { z } from 'zod';
import { defineTool } from '../tool.js';

export const snapshotTools = [
  defineTool({
    name: 'browser_snapshot',
    group: 'core',
    title: 'Page snapshot',
    description: 'Capture an accessibility snapshot of the current page (YAML with a ref on every element you can act on). Better than a screenshot for deciding what to do.',
    params: {
      ref: z.string().optional().describe('Snapshot only the subtree of this ref (from an earlier snapshot)'),
      depth: z.number().int().min(0).optional().describe('Only this many levels below the root'),
      boxes: z.boolean().optional().describe('Add each element\'s bounding box (viewport CSS pixels)'),
      verbose: z.boolean().optional().describe('Keep every node, including generic wrappers'),
      offset: z.number().int().min(0).optional().describe('Skip this many children of the root (paging, as a "… more folded" line says)'),
      limit: z.number().int().min(1).optional().describe('Show at most this many children of the root'),
      budgetTokens: z.number().int().min(500).optional().describe('Token budget of this snapshot; larger pages fold into lines that say how to see the rest'),
    },
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false, idempotentHint: true },
    async handle(context, params, response) {
      await context.ensureTab();
      response.setIncludeSnapshot({
        explicit: true, ref: params.ref, depth: params.depth, boxes: params.boxes, verbose: params.verbose,
        offset: params.offset, limit: params.limit, budgetTokens: params.budgetTokens,
      });
    },
  }),
];
