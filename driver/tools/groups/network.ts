// browser_network_requests / browser_network_request: every request of the current page (per
// document, at most 1000 kept each), and one request's headers and bodies fetched on demand.
import { z } from 'zod';
import { defineTool } from '../define.js';
import { bodyFileName, reserveFile } from '../../index.js';
import { listNetworkRequests, networkCleared, showNetworkRequest } from '../format/network.js';
import { currentCollectors, filenameParam, idParam, includeEarlierParam, limitParam, offsetParam } from './console.js';
import { resultOrFile } from './common.js';
import type { NetworkQuery } from '../../index.js';
import { fileName, wholeNumber } from '../input-policy.js';

const RESOURCE_TYPES = ['document', 'stylesheet', 'image', 'media', 'font', 'script', 'texttrack', 'xhr', 'fetch',
  'eventsource', 'websocket', 'manifest', 'other'] as const;

export const networkTools = [
  defineTool({
    name: 'browser_network_requests',
    group: 'core',
    title: 'Network requests',
    description: 'Returns a numbered list of network requests since loading the page. Use browser_network_request with the number to get full details.',
    params: {
      static: z.boolean().optional().describe('Include successful static resources (documents, images, fonts, scripts...). Default false.'),
      filter: z.string().optional().describe('URL regexp, e.g. "/api/.*user"'),
      filename: filenameParam('network requests'),
      url: z.string().optional().describe('URL text or /regex/'),
      // Checked below rather than as an enum: the 13 names would cost tokens on every turn.
      resourceTypes: z.array(z.string()).optional().describe('e.g. ["fetch", "xhr"]'),
      status: z.string().optional()
        .describe('e.g. "404", "4xx", ">=400", "failed"'),
      includeEarlier: includeEarlierParam,
      offset: offsetParam,
      limit: limitParam,
    },
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false, idempotentHint: true },
    ignoresModal: true,
    async handle(session, params, response) {
      const unknownType = params.resourceTypes?.find(type => !(RESOURCE_TYPES as readonly string[]).includes(type));
      if (unknownType) throw new Error(`Unknown resource type "${unknownType}". Use: ${RESOURCE_TYPES.join(', ')}.`);
      if (params.filter !== undefined && params.url !== undefined) throw new Error('Pass "filter" (a regexp) or "url" (text or /regex/), not both.');
      const url = params.filter !== undefined ? `/${params.filter}/` : params.url;
      const query: NetworkQuery = { url, resourceTypes: params.resourceTypes as Array<typeof RESOURCE_TYPES[number]> | undefined, status: params.status, includeEarlier: params.includeEarlier, offset: params.offset, limit: params.limit, static: params.static ?? false };
      const text = listNetworkRequests(currentCollectors(session).network, query);
      await resultOrFile(session, response, text, params.filename, { title: 'Network', prefix: 'network', extension: 'log' });
    },
  }),
  defineTool({
    name: 'browser_network_request',
    group: 'core',
    title: 'One network request',
    description: 'Returns full details (headers and body) of a single network request, or a single part if `part` is set. Use the number from browser_network_requests.',
    params: {
      index: idParam('index').describe('Number printed by browser_network_requests'),
      part: z.enum(['request-headers', 'request-body', 'response-headers', 'response-body']).optional().describe('Only this part'),
      bodies: z.enum(['none', 'request', 'response', 'both']).optional().describe('Bodies to show inline (default none)'),
      maxBodyBytes: wholeNumber('maxBodyBytes', 1, 100_000).optional().describe('Bytes per body'),
      save: z.enum(['request', 'response']).optional().describe('Save this whole body to a file'),
      filename: fileName().optional().describe('Save to this file'),
    },
    aliases: { id: 'index' },
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
    ignoresModal: true,
    async handle(session, params, response) {
      const collectors = currentCollectors(session);
      const id = params.index;
      const partBody = params.part === 'request-body' ? 'request' : params.part === 'response-body' ? 'response' : undefined;
      if (params.part && params.bodies) throw new Error('Pass "part" (one part of the request) or "bodies", not both.');
      // As in Playwright MCP, the details leave bodies out (they say how to read them) and a
      // binary response body part is saved to a file, since bytes cannot be shown.
      const which = params.save ?? (params.filename ? partBody : undefined);
      const autoSave = !which && params.part === 'response-body';
      const bodies = params.bodies ?? partBody ?? 'none';
      const save = which || autoSave ? {
        which: which ?? 'response',
        binaryOnly: autoSave,
        path: async () => {
          if (params.filename) return session.outputFile(params.filename, params.filename, 'Saving a body');
          const item = collectors.network.find(id)!.item;
          return reserveFile(await session.outputDir(), bodyFileName(item, which ?? 'response'));
        },
      } : undefined;
      const text = await showNetworkRequest(collectors.network, id, { bodies, maxBodyBytes: params.maxBodyBytes, save }, params.part);
      await resultOrFile(session, response, text, which ? undefined : params.filename, { title: 'Request', prefix: 'request', extension: 'log' });
    },
  }),
  defineTool({
    name: 'browser_network_clear',
    group: 'core',
    skillOnly: true,
    title: 'Clear network requests',
    description: 'Clear all network requests',
    params: {},
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false, idempotentHint: true },
    ignoresModal: true,
    async handle(session, _params, response) {
      session.currentTabOrUndefined()?.collectors.network.clear();
      response.addResult(networkCleared());
    },
  }),
];
