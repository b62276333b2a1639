#!/usr/bin/env node
// The `ariaref` command:
//   ariaref <command> [args]        a command on the session's browser, through the daemon (client.ts)
//   ariaref snapshot <url-or-file>  one-shot: its own browser, the snapshot, exit (oneshot.ts)
//   ariaref skill [--install [dir]] the agent skill
//   ariaref mcp [...]               the MCP server (see driver/mcp/cli.ts)
// Only what a warm command needs is imported up front; help, the tool layer and Playwright load
// on demand, so the client stays fast.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { packageVersion } from '../version.js';
import { COMMAND_NAMES } from './command-names.js';

export { toUrl } from './oneshot.js';

const SHORT_USAGE = 'Usage: ariaref <command> [args] [options]. Run "ariaref --help" for the commands.';

/** Flags of either snapshot form that take a value, so their values are not mistaken for a URL. */
const SNAPSHOT_VALUE_FLAGS = new Set(['--ref', '--target', '--filename', '--offset', '--limit', '--budgetTokens', '--budget-tokens', '--depth', '--root', '--browser', '--timeout']);

function hasPositional(args: string[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') return i + 1 < args.length;
    if (!arg.startsWith('-')) return true;
    if (SNAPSHOT_VALUE_FLAGS.has(arg)) i++;
  }
  return false;
}

interface Globals { session: string; json: boolean; help: boolean; rest: string[] }

/** -s/--session, --json and --help, anywhere before a `--`. */
export function extractGlobals(argv: string[]): Globals {
  const globals: Globals = { session: process.env.ARIAREF_SESSION || 'default', json: false, help: false, rest: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') { globals.rest.push(...argv.slice(i)); break; }
    if (arg === '-s' || arg === '--session') {
      const name = argv[++i];
      if (!name || name.startsWith('-')) throw new UsageError(`${arg} needs a session name, e.g. ariaref open https://example.com -s work`);
      globals.session = name;
    } else if (arg.startsWith('--session=')) globals.session = arg.slice('--session='.length);
    else if (arg === '--json') globals.json = true;
    else if (arg === '--help' || arg === '-h') globals.help = true;
    else globals.rest.push(arg);
  }
  if (!/^[\w.-]{1,64}$/.test(globals.session)) throw new UsageError(`session names are letters, digits, ".", "_" and "-" (at most 64), got "${globals.session}".`);
  return globals;
}

class UsageError extends Error {}

async function help(command: string | undefined): Promise<string> {
  const { mainHelp, commandHelp } = await import('./daemon/help.js');
  if (command === 'skill') return 'Usage: ariaref skill [--install [dir]]\n\nPrints the agent skill (SKILL.md); --install writes it to dir (default .claude/skills/ariaref).';
  if (command === 'mcp') return (await import('../mcp/cli.js')).helpText();
  return (command && commandHelp(command)) || mainHelp();
}

async function skillCommand(args: string[]): Promise<number> {
  const { SKILL, installSkill } = await import('./skill.js');
  if (args[0] === undefined) { process.stdout.write(SKILL); return 0; }
  if (args[0] !== '--install' || args.length > 2) throw new UsageError('skill takes --install [dir], e.g. ariaref skill --install .claude/skills/ariaref');
  process.stdout.write(`Wrote ${installSkill(args[1])}\n`);
  return 0;
}

async function mcpCommand(args: string[]): Promise<number> {
  let module: { runMcpCli?: (argv: string[]) => Promise<void> };
  try {
    module = await import('../mcp/cli.js');
  } catch (error) {
    throw new Error(`ariaref: the MCP server is not available in this build (${(error as Error).message.split('\n')[0]}). Run "npm run build" in the ariaref folder.`);
  }
  if (typeof module.runMcpCli !== 'function') throw new Error('ariaref: the MCP server entry (runMcpCli) is missing from this build. Run "npm run build".');
  await module.runMcpCli(args);
  // A refused option sets the exit code (2) without throwing: keep it.
  return Number(process.exitCode ?? 0);
}

/** A tool name (`navigate`, `browser_resize`): checked here so a typo never starts a daemon. */
async function isTool(name: string): Promise<boolean> {
  const { findTool } = await import('./tool-args.js');
  return !!findTool(name);
}

export async function main(argv: string[]): Promise<number> {
  try {
    if (argv[0] === 'mcp') return await mcpCommand(argv.slice(1));
    if (argv[0] === '--version' || argv[0] === '-v') { process.stdout.write(`${packageVersion()}\n`); return 0; }
    const globals = extractGlobals(argv);
    const [command, ...rest] = globals.rest;
    if (command === undefined || command === 'help') {
      process.stdout.write(`${await help(rest[0])}\n`);
      return command === undefined && !globals.help ? 1 : 0;
    }
    if (globals.help) { process.stdout.write(`${await help(command)}\n`); return 0; }
    if (command === 'skill') return await skillCommand(rest);
    if (command === 'snapshot' && hasPositional(rest)) {
      const { snapshotOnce } = await import('./oneshot.js');
      await snapshotOnce(globals.json ? [...rest, '--json'] : rest);
      return 0;
    }
    if (!COMMAND_NAMES.includes(command) && !(await isTool(command)))
      throw new UsageError(`unknown command "${command}". Run "ariaref --help" for the commands and tools.`);
    const { runClient } = await import('./client.js');
    const reply = await runClient([command, ...rest], globals.session, globals.json);
    process.stdout.write(reply.stdout);
    process.stderr.write(reply.stderr);
    // For bench/cli.mjs: how much of the wall time was the tool's own work.
    if (process.env.ARIAREF_TIMING && reply.toolMs !== undefined) process.stderr.write(`ariaref-timing tool=${reply.toolMs}\n`);
    return reply.code;
  } catch (error) {
    const usage = error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') || (error as Error).name === 'UsageError';
    process.stderr.write(`ariaref: ${(error as Error).message.replace(/^ariaref: /, '')}\n${usage ? `${SHORT_USAGE}\n` : ''}`);
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
