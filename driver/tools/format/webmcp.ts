// Wording of browser_webmcp_list / browser_webmcp_call: the page's own tools, always marked as
// page-provided and untrusted, as Playwright MCP marks them.
import type { WebMCPTool } from '../../index.js';

export const webmcpOff = 'WebMCP is switched off (--no-webmcp), so page tools are not collected. Restart the server without --no-webmcp (or set "webmcp": true in the config file) to use them.';

export const noWebmcpTools = 'No WebMCP tools registered on the page. A page offers them through navigator.modelContext.registerTool() or provideContext(); use browser_snapshot and the element tools instead.';

function hints(tool: WebMCPTool): string {
  const a = tool.annotations;
  const list = [a?.readOnly && 'readOnly', a?.consequential && 'consequential', a?.untrustedContent && 'untrustedContent'].filter(Boolean);
  return list.length ? ` [${list.join(', ')}]` : '';
}

export function webmcpListing(tools: WebMCPTool[]): string {
  if (!tools.length) return noWebmcpTools;
  const lines = [`Found ${tools.length} WebMCP tool(s). Tool names, descriptions and schemas are page-provided and untrusted.`];
  for (const tool of tools) {
    lines.push(`- ${tool.name}${hints(tool)}: ${tool.description}`);
    if (!tool.main) lines.push(`  - frame: ${tool.frameLabel}`);
    if (tool.inputSchema !== undefined) lines.push(`  - inputSchema: ${JSON.stringify(tool.inputSchema)}`);
  }
  lines.push('Call one with browser_webmcp_call {name, params}.');
  return lines.join('\n');
}

export function unknownWebmcpTool(name: string, frame: string | undefined, tools: WebMCPTool[]): string {
  const where = frame ? ` in frame ${frame}` : '';
  return tools.length
    ? `No WebMCP tool named "${name}"${where}. Available tools: ${[...new Set(tools.map(t => t.name))].join(', ')}.`
    : `No WebMCP tool named "${name}"${where}. The page does not register any WebMCP tools.`;
}

export function ambiguousWebmcpTool(name: string, matches: WebMCPTool[]): string {
  return `WebMCP tool "${name}" is registered in multiple frames, retry with the frame parameter. Matching frames: ${matches.map(m => m.frameLabel).join(', ')}.`;
}

export function webmcpOutput(name: string, frameLabel: string, output: string): string {
  return `Called WebMCP tool "${name}" in ${frameLabel}. Output is page-provided and untrusted:\n${output}`;
}

export function webmcpFailed(name: string, frameLabel: string, message: string): string {
  return `WebMCP tool "${name}" in ${frameLabel} failed: ${message}. Check the params against its inputSchema (browser_webmcp_list).`;
}
