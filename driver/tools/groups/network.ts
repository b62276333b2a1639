// browser_network_requests / browser_network_request: every request of the current page (per
// document, at most 1000 kept each), and one request's headers and bodies fetched on demand.
import { z } from 'zod';
import { defineTool } from '../define.js';
import { bodyFileName, reserveFile } from '../../index.js';
import { listNetworkRequests, showNetworkRequest } from '../format/network.js';
import { currentCollectors, idParam, includeEarlierParam, limitParam, offsetParam } from './console.js';

const RESOURCE_TYPES = ['document', 'stylesheet', 'image', 'media', 'font', 'script', 'texttrack', 'xhr', 'fetch',
  'eventsource', 'websocket', 'manifest', 'other'] as const;

export const networkTools = [
  defineTool({
    name: 'browser_network_requests',
    group: 'core',
    title: 'Network requests',
    description: 'List the requests of the current page (since its last navigation), oldest first: id, method, URL, status or failure, resource type, duration. Filter by URL, resource type or status.',
    params: {
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
      response.addResult(listNetworkRequests(currentCollectors(session).network, { ...params, resourceTypes: params.resourceTypes ? [...params.resourceTypes] : undefined }));
    },
  }),
  defineTool({
    name: 'browser_network_request',
    group: 'core',
    title: 'One network request',
    description: 'Show one request by id: status, timing, request and response headers (credentials redacted) and bodies (cut at maxBodyBytes). Can save a full body to a file.',
    params: {
      id: idParam,
      bodies: z.enum(['none', 'request', 'response', 'both']).optional().describe('Which bodies to show. Default "both".'),
      maxBodyBytes: z.number().int().min(1).max(100_000).optional().describe('Show at most this many bytes of each body. Default and maximum 100000.'),
      save: z.enum(['request', 'response']).optional().describe('Save this body, whole, to a file.'),
      filename: z.string().optional().describe('File to save the body to (inside the output directory or the client roots). Default: a new file in the output directory.'),
    },
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
    ignoresModal: true,
    async handle(session, params, response) {
      if (params.filename && !params.save) throw new Error('"filename" needs "save": pass save "response" (or "request") to say which body to write.');
      const collectors = currentCollectors(session);
      const which = params.save;
      const save = which ? {
        which,
        path: async () => {
          if (params.filename) return session.outputFile(params.filename, params.filename, 'Saving a body');
          const item = collectors.network.find(params.id)!.item;
          return reserveFile(session.config.outputDir, bodyFileName(item, which));
        },
      } : undefined;
      response.addResult(await showNetworkRequest(collectors.network, params.id, { bodies: params.bodies, maxBodyBytes: params.maxBodyBytes, save }));
    },
  }),
];

/** The tools of this file, for the registry. */
export const tools = networkTools;
