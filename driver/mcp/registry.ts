// Every tool, and the one way to call one: validate the arguments with zod, refuse tools that a
// modal blocks, run the handler, render the markdown. Used by the MCP server, the CLI and tests
// alike; nothing here knows about MCP transports.
import { z } from 'zod';
import type { ServerConfig } from './config.js';
import type { McpContext } from './context.js';
import { ToolResponse } from './response.js';
import { renderResponse, type ToolResult } from './render.js';
import type { Tool } from './tool.js';
import { renderModalState } from '../collectors/index.js';
import { formatZodError } from './format/zod-error.js';
import { navigationTools } from './tools/navigation.js';
import { snapshotTools } from './tools/snapshot.js';
import { inputTools } from './tools/input.js';
import { formTools } from './tools/forms.js';
import { tabTools } from './tools/tabs.js';
import { dialogTools } from './tools/dialogs.js';
import { screenshotTools } from './tools/screenshot.js';
import { evaluateTools } from './tools/evaluate.js';
import { waitTools } from './tools/wait.js';
import { visionTools } from './tools/vision.js';
import { pdfTools } from './tools/pdf.js';
import { consoleTools } from './tools/console.js';
import { networkTools } from './tools/network.js';

export const allTools: Tool[] = [
  ...snapshotTools,
  ...navigationTools,
  ...inputTools,
  ...formTools,
  ...dialogTools,
  ...waitTools,
  ...screenshotTools,
  ...evaluateTools,
  ...tabTools,
  ...consoleTools,
  ...networkTools,
  ...visionTools,
  ...pdfTools,
];

/** The tools this configuration offers: core plus the --caps groups, minus code runners under --no-evaluate. */
export function enabledTools(config: Pick<ServerConfig, 'caps' | 'evaluate'>): Tool[] {
  return allTools.filter(tool =>
    (tool.group === 'core' || config.caps.includes(tool.group)) && (config.evaluate || !tool.runsCode));
}

export function inputJsonSchema(tool: Tool): Record<string, unknown> {
  const schema = z.toJSONSchema(z.strictObject(tool.params), { io: 'input' }) as Record<string, unknown>;
  delete schema.$schema;
  return schema;
}

function errorResult(message: string): ToolResult {
  return { content: [{ type: 'text', text: `### Error\n${message}` }], isError: true };
}

function modalRefusal(context: McpContext, tool: Tool): string | undefined {
  if (tool.ignoresModal) return undefined;
  const modals = context.currentTabOrUndefined()?.modals ?? [];
  const blocking = modals.find(m => m.kind !== tool.handlesModal);
  if (!blocking) return undefined;
  return `${tool.name} can't run while a modal is open: ${renderModalState(blocking)}.`;
}

export async function callTool(context: McpContext, name: string, args: unknown): Promise<ToolResult> {
  const tool = enabledTools(context.config).find(t => t.name === name);
  if (!tool) {
    const known = allTools.find(t => t.name === name);
    if (known?.runsCode && !context.config.evaluate)
      return errorResult(`${name} is switched off on this server (--no-evaluate). Ask the user to restart it without --no-evaluate if running code in the page is acceptable.`);
    if (known)
      return errorResult(`${name} belongs to the "${known.group}" group, which is off. Restart the server with --caps ${known.group} to use it.`);
    return errorResult(`Unknown tool "${name}". Available tools: ${enabledTools(context.config).map(t => t.name).join(', ')}.`);
  }
  const parsed = z.strictObject(tool.params).safeParse(args ?? {});
  if (!parsed.success) return errorResult(formatZodError(tool.name, parsed.error));
  const refusal = modalRefusal(context, tool);
  if (refusal) return errorResult(refusal);
  const response = new ToolResponse();
  try {
    await withCallLimit(tool.handle(context, parsed.data, response), callLimitMs(context.config), name);
  } catch (error) {
    response.addError(describeError(error));
  }
  try {
    return await renderResponse(context, response);
  } catch (error) {
    return errorResult(`${describeError(error)} (while describing the page after ${name}).`);
  }
}

/** Last line of defence against a hostile page: no call may outlive its longest legitimate wait. */
function callLimitMs(config: ServerConfig): number {
  return Math.max(config.navigationTimeoutMs, 150_000) + 30_000;
}

function withCallLimit(work: Promise<void>, ms: number, name: string): Promise<void> {
  let timer: NodeJS.Timeout;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} did not finish within ${Math.round(ms / 1000)} s and was abandoned. The page may be stuck: try browser_reload, or browser_tabs to open a fresh tab.`)), ms);
  });
  work.catch(() => {});
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // Playwright's messages carry a multi-line call log; the first lines say what went wrong.
  const lines = error.message.split('\n');
  const logStart = lines.findIndex(l => /^Call log:|^=+ logs =+/.test(l.trim()));
  const text = (logStart > 0 ? lines.slice(0, logStart) : lines.slice(0, 6)).join('\n').trim();
  // An error may quote a huge argument (a 1 MB "ref"): never echo it back whole.
  return text.length > 4000 ? `${text.slice(0, 4000)}… (message cut at 4,000 of ${text.length} characters)` : text;
}

/** callTool for callers that only want the markdown (CLI, fixtures): images are left out. */
export async function callToolMarkdown(context: McpContext, name: string, args: unknown): Promise<{ markdown: string; isError: boolean }> {
  const result = await callTool(context, name, args);
  const markdown = result.content.flatMap(block => (block.type === 'text' ? [block.text] : [])).join('\n\n');
  return { markdown, isError: !!result.isError };
}
