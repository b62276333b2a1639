// The registry from a command line: `ariaref browser_navigate --url https://example.com` (or
// `ariaref navigate --url ...`: the `browser_` prefix may be left out).
// Arguments are read with the tool's own schema (booleans as flags, numbers, arrays and objects
// as JSON or repeated flags), then validated by callTool like any MCP call. `--full-page` is
// `--fullPage`; the tool's own aliases (`--ref` for `--target`) work as over MCP.
import { allTools, inputJsonSchema, type Tool } from '../tools/index.js';

/** A command line the user must fix: exit code 2. */
export class UsageError extends Error {}

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

const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

export interface ParseOptions {
  /** Shell flag → parameter name, for the shell commands (`--double` → `doubleClick`). */
  flags?: Record<string, string>;
  /** Collect bare words instead of refusing them. */
  positionals?: boolean;
}

/** `--name value` pairs (and `--flag` for booleans) → the tool's parameter object. */
export function parseToolArgs(toolName: string, argv: string[]): Record<string, unknown>;
export function parseToolArgs(toolName: string, argv: string[], options: ParseOptions): { params: Record<string, unknown>; positionals: string[] };
export function parseToolArgs(toolName: string, argv: string[], options?: ParseOptions): Record<string, unknown> | { params: Record<string, unknown>; positionals: string[] } {
  const tool = findTool(toolName);
  if (!tool) throw new UsageError(`Unknown tool "${toolName}". Tools: ${allTools.map(t => t.name).join(', ')}.`);
  const properties = (inputJsonSchema(tool).properties ?? {}) as Record<string, JsonSchema>;
  const params: Record<string, unknown> = {};
  const positionals: string[] = [];
  let flagsDone = false;
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i]!;
    // A command's one-letter flag (`snapshot -i`), as the shell commands it mirrors spell it.
    if (!flagsDone && /^-[a-zA-Z]$/.test(arg) && options?.flags?.[arg.slice(1)]) arg = `-${arg}`;
    if (options?.positionals && (flagsDone || !arg.startsWith('--') || arg === '--')) {
      if (arg === '--' && !flagsDone) flagsDone = true;
      else positionals.push(arg);
      continue;
    }
    const match = /^--([^=]+)(?:=(.*))?$/s.exec(arg);
    if (!match) throw new UsageError(`Unexpected argument "${arg}": pass parameters as --name value.`);
    const [, given, inline] = match;
    const name = resolveName(tool, properties, given!, options);
    const kind = kindOf(properties[name]);
    if (kind === 'boolean') { params[name] = inline === undefined ? true : inline !== 'false'; continue; }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new UsageError(`--${given} needs a value.`);
    if (kind === 'number') {
      if (value.trim() === '' || !Number.isFinite(Number(value))) throw new UsageError(`--${given} needs a number, got "${value}".`);
      params[name] = Number(value);
    } else if (kind === 'json') params[name] = parseJsonOr(value);
    else if (kind === 'array') {
      const parsed = parseJsonOr(value);
      params[name] = Array.isArray(parsed) ? parsed : [...((params[name] as unknown[]) ?? []), value];
    } else params[name] = value;
  }
  return options ? { params, positionals } : params;
}

/** The parameter a flag names; unknown flags pass through when only parsing (callTool names them), and fail for commands. */
function resolveName(tool: Tool, properties: Record<string, JsonSchema>, given: string, options?: ParseOptions): string {
  if (!options) return camel(given) in properties ? camel(given) : given;
  const mapped = options.flags?.[given] ?? given;
  for (const candidate of [mapped, camel(mapped)]) {
    if (candidate in properties) return candidate;
    const canonical = tool.aliases?.[candidate];
    if (canonical && canonical in properties) return canonical;
  }
  const names = Object.keys(properties).map(p => `--${p}`).join(', ');
  throw new UsageError(`Unknown option --${given} for ${tool.name}. ${names ? `Its options: ${names}.` : 'It takes no options.'}`);
}

/** The tool called `name`, with or without its `browser_` prefix. */
export function findTool(name: string): Tool | undefined {
  return allTools.find(t => t.name === name || t.name === `browser_${name}`);
}
