// Shared by the MCP end-to-end tests: pages served on 127.0.0.1 and MCP clients talking to a
// real `ariaref mcp` process (stdio) or an HTTP server, through the SDK's own Client.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startLoopbackServer, type Route } from '../support/server.js';
import { callTool, Session } from '../../driver/tools/index.js';
import { BrowserHost } from '../../driver/browser/host.js';
import { defaultConfig, type ServerConfig } from '../../driver/mcp/config.js';

export const repoRoot = resolve(import.meta.dirname, '..', '..');

export interface PageServer { origin: string; close(): Promise<void> }

/** Serves `pages` (path → HTML, or a handler) on 127.0.0.1; unknown paths answer 404, `.bin` paths download. */
export async function servePages(pages: Record<string, Route>): Promise<PageServer> {
  const routes: Record<string, Route> = {};
  for (const [path, body] of Object.entries(pages)) {
    routes[path] = path.endsWith('.bin') && typeof body === 'string'
      ? (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename="report.txt"' });
        res.end(body);
      }
      : body;
  }
  const server = await startLoopbackServer({ routes });
  return { origin: server.origin, close: server.close };
}

/** The built CLI: dist/driver/cli/main.js dispatches `mcp`; dist/driver/mcp/main.js is the direct entry. */
export function cliCommand(): string[] {
  const cli = join(repoRoot, 'dist', 'driver', 'cli', 'main.js');
  if (existsSync(cli)) return [cli, 'mcp'];
  return [join(repoRoot, 'dist', 'driver', 'mcp', 'main.js')];
}

/** `ariaref mcp --port 0 ...args` in its own process, once its banner says where it listens; `stderr()` is all it wrote there. */
export async function startHttpServer(args: string[], env: Record<string, string> = {}): Promise<{ process: ChildProcess; url: string; stderr: () => string }> {
  const child = spawn(process.execPath, [...cliCommand(), '--port', '0', ...args], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
  let all = '';
  child.stderr!.on('data', chunk => { all += String(chunk); });
  const found = await new Promise<string>((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${stderr}`)), 30_000);
    child.stderr!.on('data', chunk => {
      stderr += String(chunk);
      // Playwright MCP's banner: "Listening on http://host:port", then the client config.
      const match = /^Listening on (http:\/\/\S+)$/m.exec(stderr);
      if (match && /"url": "[^"]+\/mcp"/.test(stderr)) { clearTimeout(timer); resolve(`${match[1]}/mcp`); }
    });
    child.once('exit', code => { clearTimeout(timer); reject(new Error(`server exited (${code}):\n${stderr}`)); });
  });
  return { process: child, url: found, stderr: () => all };
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** `env` is added to the server's environment (e.g. a TMPDIR of its own); `cwd` is where it runs. */
export async function stdioClient(args: string[] = [], options: { roots?: string[]; env?: Record<string, string>; cwd?: string } = {}): Promise<Client> {
  const [script, ...rest] = cliCommand();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [script, ...rest, ...args],
    env: { ...process.env, ARIAREF_EXECUTABLE_PATH: '/usr/bin/chromium', ...options.env } as Record<string, string>,
    cwd: options.cwd,
    stderr: 'pipe',
  });
  // The server's stderr is kept and shown if the process dies, so a crash explains itself.
  let stderr = '';
  transport.stderr?.on('data', chunk => { stderr = (stderr + String(chunk)).slice(-8000); });
  transport.onclose = () => { if (stderr.trim()) console.error(`ariaref mcp stderr:\n${stderr}`); };
  const client = new Client({ name: 'ariaref-test', version: '0' }, { capabilities: options.roots ? { roots: {} } : {} });
  if (options.roots) {
    const { ListRootsRequestSchema } = await import('@modelcontextprotocol/sdk/types.js');
    client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: options.roots!.map(path => ({ uri: `file://${path}` })) }));
  }
  await client.connect(transport);
  return client;
}

export interface CallResult { text: string; isError: boolean; images: Array<{ data: string; mimeType: string }> }

export async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallResult> {
  const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 90_000 });
  const content = (result.content ?? []) as Array<any>;
  return {
    text: content.filter(c => c.type === 'text').map(c => c.text).join('\n'),
    isError: !!result.isError,
    images: content.filter(c => c.type === 'image'),
  };
}

/** The ref of the first snapshot line with this role and name: `- button "Sign in" [ref=e7]`. */
export function refOf(text: string, role: string, name: string): string {
  for (const line of text.split('\n')) {
    const match = /^\s*- (\S+)(?: "((?:[^"\\]|\\.)*)")?.*\[ref=([a-z0-9]+)\]/.exec(line);
    if (match && match[1] === role && (match[2] ?? '') === name) return match[3];
  }
  throw new Error(`No ${role} "${name}" with a ref in:\n${text}`);
}

/** The text of one `### Section` of a response, '' when absent. */
export function sectionOf(text: string, title: string): string {
  const match = new RegExp(`^### ${title}\\n([\\s\\S]*?)(?=^### |(?![\\s\\S]))`, 'm').exec(text);
  return match ? match[1].trim() : '';
}

export interface InProcessSession {
  session: Session;
  /** Always with an output directory (a fresh temp one unless overridden). */
  config: ServerConfig & { outputDir: string };
  /** Calls a tool through the registry, exactly as the MCP server does. */
  call(name: string, args?: Record<string, unknown>): Promise<CallResult>;
  close(): Promise<void>;
}

/**
 * A tool session in this process: the registry, the tool layer and a real Chromium, without the
 * built server (no `npm run build` needed, and no MCP transport in the way).
 */
export function inProcessSession(overrides: Partial<ServerConfig> = {}, options: { roots?: string[] } = {}): InProcessSession {
  const ownOutputDir = overrides.outputDir === undefined ? tempDir('ariaref-out-') : undefined;
  const config = { ...defaultConfig(), executablePath: '/usr/bin/chromium', outputDir: ownOutputDir, ...overrides } as ServerConfig & { outputDir: string };
  const host = new BrowserHost(config);
  const session = new Session(config, host, async () => (options.roots ?? []).map(path => `file://${path}`));
  return {
    session,
    config,
    async call(name, args = {}) {
      const result = await callTool(session, name, args);
      const content = result.content as Array<any>;
      return {
        text: content.filter(c => c.type === 'text').map(c => c.text).join('\n'),
        isError: !!result.isError,
        images: content.filter(c => c.type === 'image'),
      };
    },
    async close() {
      await host.closeAll();
      // The output folder it made for itself goes with it (one given by the test is the test's).
      if (ownOutputDir) rmSync(ownOutputDir, { recursive: true, force: true });
    },
  };
}
