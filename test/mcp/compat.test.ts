// Drop-in compatibility with Playwright MCP 0.0.83 (issue 13): both servers list their tools with
// every group on, and for every tool both have, ours must accept each of its parameter names and
// require the same ones, and every tool it lists must exist here. Parameters Playwright MCP marks
// required only because they have a default (`level`, `static`, `scale`: zod's output schema) may
// be left out of a call, so they count as optional.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { repoRoot, stdioClient } from './helpers.js';

interface ToolSchema {
  name: string;
  inputSchema: { properties?: Record<string, { default?: unknown }>; required?: string[] };
}

const PLAYWRIGHT_CAPS = 'vision,pdf,devtools,network,storage,testing,config,core-input,core-navigation,core-tabs';

let theirs: ToolSchema[] = [];
let ours: ToolSchema[] = [];
const clients: Client[] = [];

async function playwrightMcp(): Promise<Client> {
  const args = [join(repoRoot, 'node_modules', '@playwright', 'mcp', 'cli.js'), '--headless', '--executable-path', '/usr/bin/chromium', '--caps', PLAYWRIGHT_CAPS];
  if (process.getuid?.() === 0) args.push('--no-sandbox');
  const transport = new StdioClientTransport({ command: process.execPath, args, stderr: 'pipe' });
  const client = new Client({ name: 'ariaref-compat', version: '0' });
  await client.connect(transport);
  return client;
}

/** Required in the sense that a call may not leave it out. */
function required(tool: ToolSchema): string[] {
  const props = tool.inputSchema.properties ?? {};
  return (tool.inputSchema.required ?? []).filter(name => props[name]?.default === undefined).sort();
}

beforeAll(async () => {
  const pw = await playwrightMcp();
  clients.push(pw);
  theirs = (await pw.listTools()).tools as ToolSchema[];
  const ariaref = await stdioClient(['--caps', PLAYWRIGHT_CAPS]);
  clients.push(ariaref);
  ours = (await ariaref.listTools()).tools as ToolSchema[];
}, 60_000);

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => {});
});

describe('parameters compatible with Playwright MCP 0.0.83', () => {
  it('lists tools on both servers', () => {
    expect(theirs.length).toBeGreaterThan(20);
    expect(ours.length).toBeGreaterThan(20);
    expect(theirs.map(t => t.name)).toContain('browser_click');
  });

  it('accepts every parameter name of every shared tool, with the same required set', () => {
    const byName = new Map(ours.map(tool => [tool.name, tool]));
    const shared = theirs.filter(tool => byName.has(tool.name));
    const missingParams: string[] = [];
    const requiredMismatch: string[] = [];
    for (const tool of shared) {
      const mine = byName.get(tool.name)!;
      const myProps = Object.keys(mine.inputSchema.properties ?? {});
      for (const name of Object.keys(tool.inputSchema.properties ?? {}))
        if (!myProps.includes(name)) missingParams.push(`${tool.name}.${name}`);
      const a = required(tool).join(',');
      const b = required(mine).join(',');
      if (a !== b) requiredMismatch.push(`${tool.name}: Playwright MCP requires [${a}], ours [${b}]`);
    }
    const missingTools = theirs.map(t => t.name).filter(name => !byName.has(name));
    const onlyOurs = ours.map(t => t.name).filter(name => !theirs.some(t => t.name === name));
    console.log([
      `Playwright MCP 0.0.83: ${theirs.length} tools, ariaref: ${ours.length}, shared: ${shared.length}.`,
      `Missing tools (${missingTools.length}): ${missingTools.join(', ') || 'none'}`,
      `Only in ariaref (${onlyOurs.length}): ${onlyOurs.join(', ') || 'none'}`,
    ].join('\n'));
    expect(shared.length).toBeGreaterThan(20);
    expect(missingTools).toEqual([]);
    expect(missingParams).toEqual([]);
    expect(requiredMismatch).toEqual([]);
  });

  it('costs the agent no more characters than Playwright MCP for the tools both list (sent on every turn)', () => {
    const byName = new Map(ours.map(tool => [tool.name, tool]));
    const shared = theirs.filter(tool => byName.has(tool.name));
    const size = (tools: ToolSchema[]) => tools.reduce((sum, tool) => sum + JSON.stringify(tool).length, 0);
    expect(size(shared.map(tool => byName.get(tool.name)!))).toBeLessThanOrEqual(size(shared));
  });

  it('asks for fill_form fields by target, like Playwright MCP', () => {
    const field = (tool: ToolSchema | undefined) => (tool?.inputSchema.properties as any)?.fields?.items;
    const theirsField = field(theirs.find(t => t.name === 'browser_fill_form'));
    const oursField = field(ours.find(t => t.name === 'browser_fill_form'));
    for (const name of Object.keys(theirsField.properties)) expect(Object.keys(oursField.properties)).toContain(name);
    expect([...oursField.required].sort()).toEqual([...theirsField.required].sort());
  });
});
