// The registry from a command line: `ariaref browser_navigate --url https://example.com`.
// Arguments are read with the tool's own schema (booleans as flags, numbers, arrays and objects
// as JSON or repeated flags), then validated by callTool like any MCP call. Each run starts and
// closes its own browser, so it suits one-shot calls; keep a session open with `ariaref mcp`.
import type { ServerConfig } from './config.js';
import { BrowserHost } from './browser/host.js';
import { McpContext } from './context.js';
import { allTools, callTool, inputJsonSchema } from './registry.js';
import type { ToolResult } from './render.js';

type JsonSchema = { type?: string | string[]; anyOf?: JsonSchema[]; items?: JsonSchema };

function kindOf(schema: JsonSchema | undefined): 'boolean' | 'number' | 'array' | 'json' | 'string' {
  if (!schema) return 'string';
  if (schema.anyOf) return 'json';
  if (schema.type === 'boolean') return 'boolean';
  if (schema.type === 'number' || schema.type === 'integer') return 'number';
  if (schema.type === 'array') return 'array';
  if (schema.type === 'object') return 'json';
  return 'string';
}

function parseJsonOr(text: string): unknown {
  try { return JSON.parse(text); } catch { return text; }
}

/** `--name value` pairs (and `--flag` for booleans) → the tool's parameter object. */
export function parseToolArgs(toolName: string, argv: string[]): Record<string, unknown> {
  const tool = allTools.find(t => t.name === toolName);
  if (!tool) throw new Error(`Unknown tool "${toolName}". Tools: ${allTools.map(t => t.name).join(', ')}.`);
  const properties = (inputJsonSchema(tool).properties ?? {}) as Record<string, JsonSchema>;
  const params: Record<string, unknown> = {};
  for (let i = 0; i < argv.length; i++) {
    const match = /^--([^=]+)(?:=(.*))?$/s.exec(argv[i]);
    if (!match) throw new Error(`Unexpected argument "${argv[i]}": pass parameters as --name value.`);
    const [, name, inline] = match;
    const kind = kindOf(properties[name]);
    if (kind === 'boolean') { params[name] = inline === undefined ? true : inline !== 'false'; continue; }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`--${name} needs a value.`);
    if (kind === 'number') params[name] = Number(value);
    else if (kind === 'json') params[name] = parseJsonOr(value);
    else if (kind === 'array') {
      const parsed = parseJsonOr(value);
      params[name] = Array.isArray(parsed) ? parsed : [...((params[name] as unknown[]) ?? []), value];
    } else params[name] = value;
  }
  return params;
}

/** Runs one tool in a fresh browser and returns its result (markdown + images). */
export async function runToolOnce(config: ServerConfig, toolName: string, argv: string[]): Promise<ToolResult> {
  const host = new BrowserHost(config);
  const context = new McpContext(config, host);
  try {
    return await callTool(context, toolName, parseToolArgs(toolName, argv));
  } finally {
    await context.dispose();
    await host.closeAll();
  }
}
