// What the tool definitions cost an agent on every turn: the `tools/list` answer of each server
// with its default tools, serialized as the client receives it (JSON characters), side by side
// with Playwright MCP's. Both servers are started as an MCP client would start them.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { join } from 'node:path';

async function listTools(command, args) {
  const client = new Client({ name: 'ariaref-bench', version: '0' });
  await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
  try {
    const { tools } = await client.listTools();
    return { count: tools.length, chars: JSON.stringify(tools).length, names: tools.map(t => t.name) };
  } finally {
    await client.close();
  }
}

/** Default tool lists of ours and Playwright MCP 0.0.83 (the devDependency), sizes in JSON characters. */
export async function toolDefinitions(root) {
  const browserArgs = ['--executable-path', '/usr/bin/chromium', '--headless'];
  const ours = await listTools(process.execPath, [join(root, 'dist/driver/cli/main.js'), 'mcp', ...browserArgs]);
  let pw;
  try {
    pw = await listTools(process.execPath, [join(root, 'node_modules/@playwright/mcp/cli.js'), ...browserArgs]);
  } catch (error) {
    pw = { error: String(error?.message ?? error).split('\n')[0] };
  }
  return { ours, pw };
}
