// browser_network_requests / browser_network_request: every request of the current page (per
// document, at most 1000 kept each), and one request's headers and bodies fetched on demand.
import { z } from 'zod';
import { defineTool } from '../define.js';
import { bodyFileName, reserveFile } from '../../index.js';
import { listNetworkRequests, showNetworkRequest } from '../format/network.js';
import { currentCollectors, filenameParam, idParam, includeEarlierParam, limitParam, offsetParam } from './console.js';
import { resultOrFile } from './common.js';
import type { NetworkQuery } from '../../index.js';

const RESOURCE_TYPES = ['document', 'stylesheet', 'image', 'media', 'font', 'script', 'texttrack', 'xhr', 'fetch',
  'eventsource', 'websocket', 'manifest', 'other'] as const;

export const networkTools = [
  defineTool({
    name: 'browser_network_requests',
    group: 'core',
    title: 'Network requests',
    description: 'List the requests of the current page (since its last navigation), oldest first: id, method, URL, status or failure, resource type, duration. Filter by URL, resource type or status.',
    params: {
      static: z.boolean().optional().describe('false: leave out successful static resources (images, fonts, scripts, documents...), as Playwright MCP does by default. Default: list everything.'),
      filter: z.string().optional().describe('Only requests whose URL matches this regexp (e.g. "/api/.*user").'),
      filename: filenameParam('network requests'),
      url: z.string().optional().describe('Only URLs containing this text, or matching /regex/flags.'),
      resourceTypes: z.array(z.enum(RESOURCE_TYPES)).optional().describe('Only these resource types, e.g. ["fetch", "xhr"].'),
      status: z.string().optional()
        .describe('Only these outcomes: a code ("404"), a class ("4xx"), a comparison (">=400"), "error" (HTTP >= 400 or failed), "failed" (no response), "ok" or "pending".'),
      includeEarlier: includeEarlierParam,
      offset: offsetParam,
      limit: limitParam,
    },
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false, idempotentHint: true },
    ignoresModal: true,
    async handle(session, params, response) {
      if (params.filter !== undefined && params.url !== undefined) throw new Error('Pass "filter" (a regexp) or "url" (text or /regex/), not both.');
      const url = params.filter !== undefined ? `/${params.filter}/` : params.url;
      const query: NetworkQuery = { url, resourceTypes: params.resourceTypes ? [...params.resourceTypes] : undefined, status: params.status, includeEarlier: params.includeEarlier, offset: params.offset, limit: params.limit, static: params.static };
      const text = listNetworkRequests(currentCollectors(session).network, query);
      await resultOrFile(session, response, text, params.filename, { title: 'Network', prefix: 'network', extension: 'log' });
    },
  }),
  defineTool({
    name: 'browser_network_request',
    group: 'core',
    title: 'One network request',
    description: 'Show one request by its number from browser_network_requests (#12: index 12): status, timing, request and response headers (credentials redacted) and bodies (cut at maxBodyBytes). Can save a full body to a file.',
    params: {
      index: idParam.describe('Number of the request as printed by browser_network_requests ("#12" is 12). Numbers never change.'),
      part: z.enum(['request-headers', 'request-body', 'response-headers', 'response-body']).optional().describe('Return only this part of the request. Omit to return full details.'),
      bodies: z.enum(['none', 'request', 'response', 'both']).optional().describe('Which bodies to show. Default "both".'),
      maxBodyBytes: z.number().int().min(1).max(100_000).optional().describe('Show at most this many bytes of each body. Default and maximum 100000.'),
      save: z.enum(['request', 'response']).optional().describe('Save this body, whole, to a file.'),
      filename: z.string().optional().describe('File to save to (inside the output directory or the client roots): the body given by "save" or a body "part", otherwise the whole answer.'),
    },
    aliases: { id: 'index' },
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
    ignoresModal: true,
    async handle(session, params, response) {
      const collectors = currentCollectors(session);
      const id = params.index;
      const partBody = params.part === 'request-body' ? 'request' : params.part === 'response-body' ? 'response' : undefined;
      const which = params.save ?? (params.filename ? partBody : undefined);
      const bodies = params.bodies ?? (params.part ? (partBody ?? 'none') : undefined);
      if (params.part && params.bodies) throw new Error('Pass "part" (one part of the request) or "bodies", not both.');
      const save = which ? {
        which,
        path: async () => {
          if (params.filename) return session.outputFile(params.filename, params.filename, 'Saving a body');
          const item = collectors.network.find(id)!.item;
          return reserveFile(session.config.outputDir, bodyFileName(item, which));
        },
      } : undefined;
      const text = await showNetworkRequest(collectors.network, id, { bodies, maxBodyBytes: params.maxBodyBytes, save }, params.part);
      await resultOrFile(session, response, text, which ? undefined : params.filename, { title: 'Request', prefix: 'request', extension: 'log' });
    },
  }),
];

