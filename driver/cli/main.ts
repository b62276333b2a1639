#!/usr/bin/env node
// The `ariaref` command:
//   ariaref snapshot <url-or-file> [--json] [--depth N] [--boxes] [--verbose] [--root <css>] [--browser <path>] [--headed]
//   ariaref mcp [...]      the MCP server (see driver/mcp/cli.ts)
import { existsSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { packageVersion } from '../version.js';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const USAGE = `Usage: ariaref <command> [options]

Commands:
  snapshot <url-or-file>   Print the ARIA snapshot of a page (a local path becomes a file:// URL)
      --json               JSON tree instead of YAML
      --depth <n>          Only n levels below the top
      --boxes              Include bounding boxes [box=x,y,width,height]
      --verbose            Keep every node (generic wrappers too)
      --root <css>         Only the subtree of the first element matching this CSS selector
      --browser <path>     Browser executable (default: ARIAREF_BROWSER, Playwright's, system Chrome/Chromium)
      --headed             Show the browser window
      --timeout <ms>       Page load timeout (default 30000)
  mcp [options]            Run the MCP server (ariaref mcp --help for its options)
  <tool> [--param value]   Run one MCP tool once in a fresh browser and print its answer, e.g.
                           ariaref navigate --url https://example.com (browser_ prefix optional)

Options:
  --help, -h               Show this help
  --version, -v            Print the version`;

class UsageError extends Error {}

/** A URL as given, or a local file path turned into a file:// URL. */
export function toUrl(target: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) && !/^[a-z]:[\\/]/i.test(target)) return target;
  const path = resolve(target);
  if (existsSync(path)) return pathToFileURL(path).href;
  // A bare host name (example.com/path) means the web; a missing page.html does not.
  if (/^[\w-]+(\.[\w-]+)+(:\d+)?(\/|$)/.test(target) && !/\.(x?html?|svg|xml)$/i.test(target)) return `https://${target}`;
  throw new UsageError(`"${target}" is neither a URL nor an existing file. Pass a URL (https://...) or a path to an HTML file.`);
}

function positiveInt(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new UsageError(`${flag} needs a whole number, got "${value}".`);
  return number;
}

async function snapshotCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: 'boolean' },
      depth: { type: 'string' },
      boxes: { type: 'boolean' },
      verbose: { type: 'boolean' },
      root: { type: 'string' },
      browser: { type: 'string' },
      headed: { type: 'boolean' },
      timeout: { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('snapshot needs exactly one URL or file, e.g. ariaref snapshot https://example.com');
  const url = toUrl(positionals[0]!);
  const depth = positiveInt(values.depth, '--depth');
  const timeout = positiveInt(values.timeout, '--timeout') ?? 30_000;
  // Loaded here so --help/--version do not pay for loading Playwright.
  const { launch } = await import('../index.js');
  const browser = await launch({ headed: !!values.headed, ...(values.browser ? { executablePath: values.browser } : {}) });
  try {
    const page = await browser.newPage();
    await page.page.goto(url, { timeout });
    const options = {
      ...(depth !== undefined ? { depth } : {}),
      ...(values.boxes ? { boxes: true } : {}),
      ...(values.verbose ? { verbose: true } : {}),
      ...(values.root ? { rootSelector: values.root } : {}),
    };
    const output = values.json
      ? JSON.stringify(await page.snapshotTree(options), null, 2)
      : await page.snapshot(options);
    process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  } finally {
    await browser.close();
  }
}

async function mcpCommand(args: string[]): Promise<void> {
  let module: { runMcpCli?: (argv: string[]) => Promise<void> };
  try {
    module = await import('../mcp/cli.js');
  } catch (error) {
    throw new Error(`ariaref: the MCP server is not available in this build (${(error as Error).message.split('\n')[0]}). Run "npm run build" in the ariaref folder.`);
  }
  if (typeof module.runMcpCli !== 'function') throw new Error('ariaref: the MCP server entry (runMcpCli) is missing from this build. Run "npm run build".');
  await module.runMcpCli(args);
}

/** `ariaref <tool> --param value`: one tool call in its own browser; its exit code, or undefined when `command` names no tool. */
async function toolCommand(command: string, args: string[]): Promise<number | undefined> {
  const { findTool, runToolOnce } = await import('./tool-args.js');
  if (!findTool(command)) return undefined;
  const { defaultSessionConfig, toolResultText } = await import('../tools/index.js');
  const result = await runToolOnce(defaultSessionConfig(), command, args);
  process.stdout.write(`${toolResultText(result)}\n`);
  return result.isError ? 1 : 0;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      process.stdout.write(`${USAGE}\n`);
      return command === undefined ? 1 : 0;
    }
    if (command === '--version' || command === '-v') {
      process.stdout.write(`${packageVersion()}\n`);
      return 0;
    }
    if (command === 'snapshot') {
      if (rest.includes('--help') || rest.includes('-h')) { process.stdout.write(`${USAGE}\n`); return 0; }
      await snapshotCommand(rest);
      return 0;
    }
    if (command === 'mcp') {
      await mcpCommand(rest);
      // A refused option sets the exit code (2) without throwing: keep it.
      return Number(process.exitCode ?? 0);
    }
    const toolExit = await toolCommand(command, rest);
    if (toolExit !== undefined) return toolExit;
    throw new UsageError(`unknown command "${command}".`);
  } catch (error) {
    const usage = error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    process.stderr.write(`ariaref: ${(error as Error).message.replace(/^ariaref: /, '')}\n${usage ? `\n${USAGE}\n` : ''}`);
    return usage ? 2 : 1;
  }
}

// Run only as the program, not when imported (tests import toUrl/main).
function isMainModule(): boolean {
  if (!process.argv[1]) return false;
  try {
    // npm installs the bin as a symlink: compare real paths.
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMainModule()) {
  main(process.argv.slice(2)).then(code => { process.exitCode = code; });
}
