#!/usr/bin/env node
// Direct entry to the MCP server (`node dist/driver/mcp/main.js [options]`), same as `ariaref mcp`.
import { runMcpCli } from './cli.js';

runMcpCli(process.argv.slice(2)).catch(error => {
  process.stderr.write(`ariaref mcp: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
