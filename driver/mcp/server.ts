// Wires the tool registry to an MCP server for one session. Low-level Server on purpose: we
// validate arguments with zod ourselves so a bad call becomes a clean isError result naming the
// field, never a protocol error. Calls of one session run one at a time (they share pages).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ServerConfig } from './config.js';
import { McpContext } from './context.js';
import type { BrowserHost } from './browser/host.js';
import { callTool, enabledTools, inputJsonSchema } from './registry.js';

export function packageVersion(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [join(here, '..', '..', 'package.json'), join(here, '..', '..', '..', 'package.json')]) {
    try {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8'));
      if (pkg.name === 'ariaref') return String(pkg.version);
    } catch { /* try the next layout (sources vs dist) */ }
  }
  return '0.0.0';
}

const INSTRUCTIONS = 'Browser automation with ARIA snapshots. Call browser_snapshot (or any action: they all return a fresh snapshot) and act on elements by their ref ("e5", "f2e7"). Refs stay valid until the element leaves the page.';

const ROOTS_LIMIT_MS = 3000;

export interface Session { server: Server; context: McpContext; close(): Promise<void> }

export function createSession(config: ServerConfig, host: BrowserHost): Session {
  const server = new Server(
    { name: 'ariaref', version: packageVersion(), title: 'ariaref browser' },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  let roots: Promise<string[]> | undefined;
  const listRoots = async (): Promise<string[]> => {
    if (!server.getClientCapabilities()?.roots) return [];
    roots ??= server.listRoots(undefined, { timeout: ROOTS_LIMIT_MS }).then(r => r.roots.map(root => root.uri)).catch(() => { roots = undefined; return []; });
    return roots;
  };
  server.setNotificationHandler(RootsListChangedNotificationSchema, async () => { roots = undefined; });
  const context = new McpContext(config, host, listRoots);
  const tools = enabledTools(config);

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map(tool => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: inputJsonSchema(tool) as any,
      annotations: { title: tool.title, ...tool.annotations },
    })),
  }));

  let queue: Promise<unknown> = Promise.resolve();
  server.setRequestHandler(CallToolRequestSchema, async request => {
    const run = queue.then(() => callTool(context, request.params.name, request.params.arguments));
    queue = run.catch(() => {});
    return await run as any;
  });

  return {
    server,
    context,
    async close() {
      await context.dispose().catch(() => {});
      await server.close().catch(() => {});
    },
  };
}
