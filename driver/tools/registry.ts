// Every tool, and the one way to call one: validate the arguments with zod, refuse tools that a
// modal blocks, run the handler, render the markdown. Used by the MCP server, the CLI and tests
// alike; nothing here knows about MCP transports.
import { z } from 'zod';
import { isCoreGroup, type SessionConfig } from './config.js';
import type { Session } from './session.js';
import { ToolResponse } from './response.js';
import { renderResponse, type ToolResult } from './render.js';
import { carryMarks, markInputError } from './result.js';
import type { Tool } from './define.js';
import { ArgumentError, CancelledError, runCancellable, withDeadline } from '../index.js';
import { formatError } from './format/errors.js';
import { redactResult } from './secrets.js';
import { formatModalState } from './format/events.js';
import { formatZodError } from './format/zod-error.js';
import { clipAnswerText } from './input-policy.js';
import { recoverIfFrozen } from './recover.js';
import { navigationTools } from './groups/navigation.js';
import { snapshotTools } from './groups/snapshot.js';
import { inputTools } from './groups/input.js';
import { formTools } from './groups/forms.js';
import { tabTools } from './groups/tabs.js';
import { dialogTools } from './groups/dialogs.js';
import { screenshotTools } from './groups/screenshot.js';
import { evaluateTools } from './groups/evaluate.js';
import { waitTools } from './groups/wait.js';
import { visionTools } from './groups/vision.js';
import { pdfTools } from './groups/pdf.js';
import { consoleTools } from './groups/console.js';
import { networkTools } from './groups/network.js';
import { storageTools } from './groups/storage.js';
import { routingTools } from './groups/routing.js';
import { testingTools } from './groups/testing.js';
import { webmcpTools } from './groups/webmcp.js';
import { devtoolsTools } from './groups/devtools.js';
import { configTools } from './groups/get-config.js';
import { pickTools } from './groups/pick.js';
import { keyboardTools } from './groups/keyboard.js';
import { dropTools } from './groups/drop.js';
import { emulationTools } from './groups/emulation.js';
import { runCodeTools } from './groups/run-code.js';

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
  ...keyboardTools,
  ...dropTools,
  ...emulationTools,
  ...runCodeTools,
  ...webmcpTools,
  ...storageTools,
  ...routingTools,
  ...testingTools,
  ...devtoolsTools,
  ...configTools,
  ...pickTools,
];

/** The tools this configuration can call: the core groups plus the --caps groups, minus code runners under --no-evaluate. */
export function enabledTools(config: Pick<SessionConfig, 'caps' | 'evaluate'>): Tool[] {
  return allTools.filter(tool =>
    (isCoreGroup(tool.group) || config.caps.includes(tool.group)) && (config.evaluate || !tool.runsCode));
}

/** The tools an MCP client is shown: the callable ones, minus skill-only tools of groups not named in --caps. */
export function listedTools(config: Pick<SessionConfig, 'caps' | 'evaluate'>): Tool[] {
  return enabledTools(config).filter(tool => !tool.skillOnly || config.caps.includes(tool.group));
}

/** A tool as `tools/list` shows it, as Playwright MCP words it (the title inside annotations only). */
export interface ToolListing {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: Record<string, unknown>;
}

// A tool's listing never changes: built once per process, not per session and request.
const listings = new WeakMap<Tool, ToolListing>();

export function toolListing(tool: Tool): ToolListing {
  let listing = listings.get(tool);
  if (!listing) {
    listing = { name: tool.name, description: tool.description, inputSchema: withoutStringLengths(inputJsonSchema(tool)), annotations: { title: tool.title, ...tool.annotations } };
    listings.set(tool, listing);
  }
  return listing;
}

export function inputJsonSchema(tool: Tool): Record<string, unknown> {
  const schema = z.toJSONSchema(z.strictObject(tool.params), { io: 'input' }) as Record<string, unknown>;
  delete schema.$schema;
  return withoutSafeIntegerBounds(schema);
}

/**
 * zod bounds every integer by Number.MAX_SAFE_INTEGER: 30 characters a parameter that say
 * nothing, sent with the tool list on every turn. Bounds that mean something stay.
 */
function withoutSafeIntegerBounds<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withoutSafeIntegerBounds) as T;
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'maximum' && value === Number.MAX_SAFE_INTEGER) || (key === 'minimum' && value === Number.MIN_SAFE_INTEGER)) continue;
    out[key] = withoutSafeIntegerBounds(value);
  }
  return out as T;
}

/**
 * String lengths (not empty, at most 4096 characters for a path) guard the server, not the agent's
 * choice: no agent sends an empty ref or a 5000-character file name on purpose, and a call that
 * does is refused with the limit named. Listed, they cost ~650 characters on every turn. Number
 * bounds stay listed: they tell the agent what it may ask for (a wait of at most 30 s).
 */
function withoutStringLengths<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withoutStringLengths) as T;
  if (!node || typeof node !== 'object') return node;
  const isString = (node as Record<string, unknown>).type === 'string';
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (isString && (key === 'minLength' || key === 'maxLength')) continue;
    out[key] = withoutStringLengths(value);
  }
  return out as T;
}

function errorResult(message: string, input = false): ToolResult {
  const result = { content: [{ type: 'text' as const, text: `### Error\n${message}` }], isError: true };
  if (input) markInputError(result);
  return result;
}

function modalRefusal(session: Session, tool: Tool): string | undefined {
  if (tool.ignoresModal) return undefined;
  const modals = session.currentTabOrUndefined()?.modals ?? [];
  if (!modals.some(m => m.kind !== tool.handlesModal)) return undefined;
  // Playwright MCP's words, then the open modal states with the tool that answers each.
  return `Error: Tool "${tool.name}" does not handle the modal state.\n\n### Modal state\n${modals.map(m => `- ${formatModalState(m)}`).join('\n')}`;
}

/** What the surface knows of a call beyond its arguments. */
export interface CallOptions {
  /**
   * Aborted when the client cancels the call (MCP notifications/cancelled, a CLI command that went
   * away): a call still waiting its turn does not run, and a running one stops at its next wait.
   */
  signal?: AbortSignal;
}

export async function callTool(session: Session, name: string, args: unknown, options: CallOptions = {}): Promise<ToolResult> {
  // The one exit of every answer: no secret value leaves it (--secrets), no input comes back at length.
  const raw = await runCancellable(options.signal, () => answer(session, name, args, options.signal));
  const result = clipResult(redactResult(session.config.secrets, raw), args);
  carryMarks(raw, result);
  return result;
}

function clipResult(result: ToolResult, args: unknown): ToolResult {
  return { ...result, content: result.content.map(block => (block.type === 'text' ? { ...block, text: clipAnswerText(block.text, args) } : block)) };
}

async function answer(session: Session, name: string, args: unknown, signal?: AbortSignal): Promise<ToolResult> {
  if (signal?.aborted) return errorResult(`${name} did not run: the client cancelled it before its turn came.`);
  const tool = enabledTools(session.config).find(t => t.name === name);
  if (!tool) {
    const known = allTools.find(t => t.name === name);
    if (known?.runsCode && !session.config.evaluate)
      return errorResult(`${name} is switched off on this server (--no-evaluate). Ask the user to restart it without --no-evaluate if running code in the page is acceptable.`);
    if (known)
      return errorResult(`Tool "${name}" not found: it belongs to the "${known.group}" group, which is off. Restart the server with --caps ${known.group} to use it.`);
    return errorResult(`Tool "${name}" not found. Available tools: ${listedTools(session.config).map(t => t.name).join(', ')}.`);
  }
  let input: unknown;
  const renamed = new Map<string, string>();
  try {
    input = applyAliases(tool, args ?? {}, renamed);
  } catch (error) {
    return errorResult(formatError(error), true);
  }
  const parsed = z.strictObject(tool.params).safeParse(input);
  if (!parsed.success) return errorResult(formatZodError(tool.name, parsed.error, renamed), true);
  const refusal = modalRefusal(session, tool);
  if (refusal) return errorResult(refusal);
  const response = new ToolResponse();
  let inputError = false;
  try {
    const limitMs = callLimitMs(session.config);
    await withDeadline(tool.handle(session, parsed.data, response), limitMs, () => new CallAbandoned(name, limitMs));
  } catch (error) {
    // Nobody reads the answer of a cancelled call: no snapshot of the page is taken for it.
    if (error instanceof CancelledError || signal?.aborted) return errorResult(`${name} was cancelled by the client. ${formatError(error)}`);
    inputError = error instanceof ArgumentError;
    const recovered = error instanceof CallAbandoned ? ` ${await recoverIfFrozen(session, session.currentTabOrUndefined())}` : '';
    response.addError(formatError(error) + recovered);
  }
  try {
    const result = await renderResponse(session, response);
    if (inputError) markInputError(result);
    return result;
  } catch (error) {
    return errorResult(`${formatError(error)} (while describing the page after ${name}).`);
  }
}

/** Renames old parameter names to their canonical ones; both given and different is an error. */
export function applyAliases(tool: Pick<Tool, 'name' | 'aliases'>, args: unknown, renamed?: Map<string, string>): unknown {
  if (!tool.aliases || !args || typeof args !== 'object' || Array.isArray(args)) return args;
  let out = { ...(args as Record<string, unknown>) };
  for (const [alias, canonical] of Object.entries(tool.aliases)) {
    const nested = /^(\w+)\[\]\.(\w+)$/.exec(alias);
    if (nested) {
      const [, list, name] = nested;
      const items = out[list!];
      if (Array.isArray(items))
        out[list!] = items.map((item, i) => renameOne(item, name!, canonical, `${tool.name} ${list}[${i}]`, renamed));
    } else {
      out = renameOne(out, alias, canonical, tool.name, renamed) as Record<string, unknown>;
    }
  }
  return out;
}

function renameOne(item: unknown, alias: string, canonical: string, where: string, renamed?: Map<string, string>): unknown {
  if (!item || typeof item !== 'object' || Array.isArray(item) || !(alias in item)) return item;
  const record = { ...(item as Record<string, unknown>) };
  const value = record[alias];
  delete record[alias];
  if (canonical in record && record[canonical] !== undefined && value !== undefined && JSON.stringify(record[canonical]) !== JSON.stringify(value))
    throw new Error(`${where}: "${alias}" and "${canonical}" name the same parameter ("${alias}" is the older name) but disagree: ${JSON.stringify(value)} vs ${JSON.stringify(record[canonical])}. Pass only "${canonical}".`);
  if (record[canonical] === undefined) {
    record[canonical] = value;
    renamed?.set(canonical, alias);
  }
  return record;
}

/** A call past its limit: the caller gets an answer, whatever the handler still waits for. */
class CallAbandoned extends Error {
  constructor(tool: string, limitMs: number) {
    super(`${tool} did not finish within ${Math.round(limitMs / 1000)} s and was abandoned.`);
  }
}

/** Last line of defence against a hostile page: no call may outlive its longest legitimate wait. */
function callLimitMs(config: SessionConfig): number {
  return Math.max(config.navigationTimeoutMs, 150_000) + 30_000;
}

/** The text of a tool result (images left out), for callers that print it: the CLI, tests. */
export function toolResultText(result: ToolResult): string {
  return result.content.flatMap(block => (block.type === 'text' ? [block.text] : [])).join('\n\n');
}
