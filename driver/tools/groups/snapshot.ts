// browser_snapshot: the page as ARIA YAML with refs, the agent's way of seeing the page.
import { z } from 'zod';
import { defineTool } from '../define.js';

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
    async handle(session, params, response) {
      await session.ensureTab();
      response.setIncludeSnapshot({
        explicit: true, ref: params.ref, depth: params.depth, boxes: params.boxes, verbose: params.verbose,
        offset: params.offset, limit: params.limit, budgetTokens: params.budgetTokens,
      });
    },
  }),
  defineTool({
    name: 'browser_find',
    group: 'core',
    title: 'Find on page',
    description: 'Find elements by text, role and/or name in every frame without a full snapshot: each match comes with its ref and ancestor path. Use it on large pages instead of paging through the snapshot.',
    params: {
      text: z.string().max(1000).optional().describe('Text to look for in names, values, descriptions and text (case-insensitive substring)'),
      role: z.string().max(100).optional().describe('Exact ARIA role, e.g. "button", "link", "textbox"'),
      name: z.string().max(1000).optional().describe('Substring of the accessible name (case-insensitive)'),
      ref: z.string().optional().describe('Search only the subtree of this ref'),
      limit: z.number().int().min(1).max(500).optional().describe('Matches to return at most (default 50)'),
    },
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false, idempotentHint: true },
    async handle(session, params, response) {
      if (params.text === undefined && params.role === undefined && params.name === undefined)
        throw new Error('browser_find needs at least one of "text", "role" or "name".');
      const tab = await session.ensureTab();
      const found = await (await tab.aria()).find({ text: params.text, role: params.role, name: params.name, rootRef: params.ref, limit: params.limit });
      const lines = found.matches.map(match => `- ${match.path}`);
      const header = found.total === 0 ? 'No element matches.'
        : found.total > found.matches.length ? `${found.matches.length} of ${found.total} matches (raise "limit" or narrow the query):`
        : `${found.total} match${found.total === 1 ? '' : 'es'}:`;
      const skipped = found.skipped.length ? `\n(not searched: ${found.skipped.join('; ')})` : '';
      response.addResult([header, ...lines].join('\n') + skipped);
    },
  }),
];
