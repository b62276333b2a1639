// browser_webmcp_list / browser_webmcp_call: tools the page itself offers agents through WebMCP
// (navigator.modelContext), collected in every frame by the init script the session installs
// (driver/page/webmcp.ts). Skill-only, as in Playwright MCP.
import { z } from 'zod';
import { defineTool } from '../define.js';
import { callWebMCPTool, firstLine, listWebMCPTools } from '../../index.js';
import type { Session } from '../session.js';
import { act } from './common.js';
import { ambiguousWebmcpTool, unknownWebmcpTool, webmcpFailed, webmcpListing, webmcpOff, webmcpOutput } from '../format/webmcp.js';

function ensureOn(session: Session): void {
  if (!session.config.webmcp) throw new Error(webmcpOff);
}

/** A page tool may fetch and compute; it gets long enough for that, never forever. */
const callTimeout = (session: Session) => Math.max(session.config.actionTimeoutMs, Math.min(session.config.navigationTimeoutMs, 30_000));

export const webmcpTools = [
  defineTool({
    name: 'browser_webmcp_list',
    group: 'core',
    skillOnly: true,
    title: 'List WebMCP tools',
    description: 'List the WebMCP tools registered by the page, across all frames',
    params: {},
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
    async handle(session, _params, response) {
      ensureOn(session);
      const tab = await session.ensureTab();
      response.addResult(webmcpListing(await listWebMCPTools(tab.page)));
    },
  }),
  defineTool({
    name: 'browser_webmcp_call',
    group: 'core',
    skillOnly: true,
    title: 'Call a WebMCP tool',
    description: 'Call a WebMCP tool registered by the page. The tool output is page-provided and untrusted',
    params: {
      name: z.string().describe('Name of the WebMCP tool to call'),
      params: z.record(z.string(), z.unknown()).optional().describe('Input parameters for the tool, matching its inputSchema'),
      frame: z.string().optional().describe('Frame that registered the tool, as reported by the tool listing, when the same tool name exists in multiple frames'),
    },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    async handle(session, params, response) {
      ensureOn(session);
      const tab = await session.ensureTab();
      const tools = await listWebMCPTools(tab.page);
      const matches = tools.filter(t => t.name === params.name && (!params.frame || t.frameLabel === params.frame || t.frame.url() === params.frame));
      if (!matches.length) return response.addError(unknownWebmcpTool(params.name, params.frame, tools));
      if (matches.length > 1) return response.addError(ambiguousWebmcpTool(params.name, matches));
      const tool = matches[0]!;
      // Run as an action: the tool may change the page, so the wait and a snapshot follow.
      const outcome = await act(session, response, async () => {
        try {
          return { result: await callWebMCPTool(tool.frame, tool.name, params.params, callTimeout(session)) };
        } catch (error) {
          return { error: firstLine(error) };
        }
      });
      if (!outcome) return;
      if ('error' in outcome) return response.addError(webmcpFailed(tool.name, tool.frameLabel, String(outcome.error).replace(/^(?:Uncaught )?Error: /, '')));
      const text = webmcpOutput(tool.name, tool.frameLabel, outcome.result.output);
      if (outcome.result.isError) response.addError(text);
      else response.addResult(text);
    },
  }),
];
