// Serves one MCP session over stdio. The process ends when the client closes stdin or the
// transport, after closing the browser so no Chromium is left behind.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { ServerConfig } from './config.js';
import { BrowserHost } from '../index.js';
import { createSession } from './server.js';

export async function serveStdio(config: ServerConfig): Promise<void> {
  const host = new BrowserHost(config, true);
  const session = createSession(config, host);
  let closing: Promise<void> | undefined;
  const shutdown = () => closing ??= (async () => {
    await session.close();
    await host.closeAll();
    process.exit(0);
  })();
  const transport = new StdioServerTransport();
  transport.onclose = () => void shutdown();
  process.stdin.on('end', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  await session.server.connect(transport);
}
