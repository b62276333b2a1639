// The registry from a command line: `ariaref browser_navigate --url https://example.com` (or
// `ariaref navigate --url ...`: the `browser_` prefix may be left out).
// Arguments are read with the tool's own schema (booleans as flags, numbers, arrays and objects
// as JSON or repeated flags), then validated by callTool like any MCP call. Each run starts and
// closes its own browser, so it suits one-shot calls; keep a session open with `ariaref mcp`.
import { BrowserHost } from '../index.js';
import { allTools, callTool, inputJsonSchema, Session, type SessionConfig, type Tool, type ToolResult } from '../tools/index.js';

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
  const tool = findTool(toolName);
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

/** The tool called `name`, with or without its `browser_` prefix. */
export function findTool(name: string): Tool | undefined {
  return allTools.find(t => t.name === name || t.name === `browser_${name}`);
}

/** Runs one tool in a fresh browser and returns its result (markdown + images). */
export async function runToolOnce(config: SessionConfig, toolName: string, argv: string[]): Promise<ToolResult> {
  const params = parseToolArgs(toolName, argv);
  const host = new BrowserHost(config);
  const session = new Session(config, host);
  try {
    return await callTool(session, findTool(toolName)!.name, params);
  } finally {
    await session.dispose();
    await host.closeAll();
  }
}
