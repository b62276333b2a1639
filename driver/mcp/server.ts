// Wires the tool registry to an MCP server for one session. Low-level Server on purpose: we
// validate arguments with zod ourselves so a bad call becomes a clean isError result naming the
// field, never a protocol error. Calls of one session run one at a time (they share pages).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ServerConfig } from './config.js';
import { packageVersion } from '../index.js';
import type { BrowserHost } from '../index.js';
import { callTool, listedTools, toolListing, Session } from '../tools/index.js';
import { enforceOutputBudget, SessionLog, shapeImages } from './responses.js';

const INSTRUCTIONS = 'Browser automation with ARIA snapshots. Call browser_snapshot (or any action: they all return a fresh snapshot) and act on elements by their ref ("e5", "f2e7"). Refs stay valid until the element leaves the page.';

const ROOTS_LIMIT_MS = 3000;

export interface McpSession { server: Server; session: Session; close(): Promise<void> }

export function createSession(config: ServerConfig, host: BrowserHost): McpSession {
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
  const session = new Session(config, host, listRoots);
  const tools = listedTools(config);

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map(tool => toolListing(tool) as any),
  }));

  const sessionLog = config.saveSession ? new SessionLog(session.outputDir()) : undefined;
  // --idle-timeout: the browser closes after that long without a tool call; the next one relaunches it.
  let idle: NodeJS.Timeout | undefined;
  const armIdle = () => {
    if (!config.idleTimeoutMs) return;
    clearTimeout(idle);
    idle = setTimeout(() => { if (!closed) queue = queue.then(() => session.closeBrowser()).catch(() => {}); }, config.idleTimeoutMs);
    idle.unref();
  };
  let queue: Promise<unknown> = Promise.resolve();
  /** Set by close(): a call still waiting its turn is refused instead of opening a browser for nobody. */
  let closed = false;
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    clearTimeout(idle);
    const { name, arguments: args } = request.params;
    const run = queue.then(async () => {
      if (closed) throw new Error(`${name} did not run: this MCP session ended (the client closed it or went away) while the call waited for the one before it. Connect again to start a new session.`);
      const started = Date.now() - 1;
      // notifications/cancelled aborts extra.signal: the call stops at its next wait, and the SDK
      // sends no answer for it; the session's next call does not wait for the cancelled one's waits.
      const result = shapeImages(await callTool(session, name, args, { signal: extra.signal }), config.imageResponses);
      sessionLog?.log(name, args, result);
      if (config.outputMaxSize) await enforceOutputBudget(await session.outputDir(), config.outputMaxSize, started, sessionLog?.file ? [sessionLog.file] : []).catch(() => {});
      return result;
    });
    queue = run.catch(() => {}).finally(armIdle);
    return await run as any;
  });

  return {
    server,
    session,
    async close() {
      closed = true;
      clearTimeout(idle);
      await sessionLog?.flush();
      await session.dispose().catch(() => {});
      await server.close().catch(() => {});
    },
  };
}
