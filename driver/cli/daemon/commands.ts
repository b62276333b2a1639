// The shell commands: each one a tool of the registry with positional arguments mapped onto its
// parameters. Flags are read with the tool's own schema (tool-args.ts), so nothing here restates
// a parameter; `ariaref <tool> --param value` reaches every enabled tool, skill-only ones too.
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Tool } from '../../tools/index.js';
import { findTool, parseToolArgs, UsageError } from '../tool-args.js';

export interface Command {
  name: string;
  /** The tool it runs; commands handled by the daemon itself have none. */
  tool?: string;
  usage: string;
  /** One line for --help; the tool's own description when absent. */
  summary?: string;
  /** Shell flag → the tool's parameter name. */
  flags?: Record<string, string>;
  /** Positionals (and the working directory) → parameters. */
  map?(args: string[], cwd: string, command: Command): Record<string, unknown>;
}

const abs = (cwd: string, path: string) => (isAbsolute(path) ? path : resolve(cwd, path));

function need(command: Command, args: string[], count: number, most = count): void {
  if (args.length < count) throw new UsageError(`"ariaref ${command.name}" needs ${command.usage}. Example: ${example(command)}`);
  if (args.length > most) throw new UsageError(`"ariaref ${command.name}" takes ${command.usage}, got an extra "${args[most]}". Quote text that has spaces.`);
}

function example(command: Command): string {
  return `ariaref ${command.name} ${command.usage.replace('<ref>', 'e5').replace('<url>', 'https://example.com').replace('<text>', '"Sign in"').replace('<key>', 'Enter')}`.trim();
}

/** A URL as given, or a local file path turned into a file:// URL. */
export function toUrl(target: string, cwd: string): string {
  // localhost:3000 would read as a URL scheme "localhost:".
  if (/^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?(\/|$)/.test(target)) return `http://${target}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) && !/^[a-z]:[\\/]/i.test(target)) return target;
  if (!existsSync(abs(cwd, target)) && /^[\w-]+(\.[\w-]+)+(:\d+)?(\/|$)/.test(target) && !/\.(x?html?|svg|xml)$/i.test(target)) return `https://${target}`;
  const path = abs(cwd, target);
  if (!existsSync(path)) throw new UsageError(`"${target}" is neither a URL nor an existing file (looked in ${cwd}). Pass a URL (https://...) or a path to an HTML file.`);
  return pathToFileURL(path).href;
}

const ref = (name: string) => (args: string[], _cwd: string, command: Command) => { need(command, args, 1); return { [name]: args[0] }; };

/** `eval "document.title"` is shorthand for `eval "() => document.title"`. */
function asFunction(js: string, element: boolean): string {
  return /^\s*(async\s+)?(function\b|\([^()]*\)\s*=>|[\w$]+\s*=>)/.test(js) ? js : `(${element ? 'element' : ''}) => (${js})`;
}

export const COMMANDS: Command[] = [
  { name: 'open', tool: 'browser_navigate', usage: '[url] [--headed] [server options]', summary: 'Start the session\'s browser if needed and go to the URL (a local file works); takes the options of "ariaref mcp --help"',
    map: (args, cwd, command) => { need(command, args, 0, 1); return args[0] ? { url: toUrl(args[0], cwd) } : {}; } },
  { name: 'snapshot', tool: 'browser_snapshot', usage: '[-i] [--ref R] [--depth N]', summary: 'The current page as an ARIA snapshot with refs; -i: only controls, with the headings and landmarks that place them (with a URL or file: a one-shot snapshot in its own browser)', flags: { ref: 'target', i: 'interactive' } },
  { name: 'click', tool: 'browser_click', usage: '<ref>', flags: { double: 'doubleClick' }, map: ref('target') },
  { name: 'type', tool: 'browser_type', usage: '<ref> <text> [--submit]', summary: 'Type text key by key into an element',
    map: (args, _cwd, command) => { need(command, args, 2); return { target: args[0], text: args[1], slowly: true }; } },
  { name: 'fill', tool: 'browser_type', usage: '<ref> <text> [--submit]', summary: 'Fill an input with text at once',
    map: (args, _cwd, command) => { need(command, args, 2); return { target: args[0], text: args[1] }; } },
  { name: 'select', tool: 'browser_select_option', usage: '<ref> <value...>',
    map: (args, _cwd, command) => { need(command, args, 2, Infinity); return { target: args[0], values: args.slice(1) }; } },
  { name: 'check', tool: 'browser_check', usage: '<ref>', map: ref('target') },
  { name: 'uncheck', tool: 'browser_uncheck', usage: '<ref>', map: ref('target') },
  { name: 'hover', tool: 'browser_hover', usage: '<ref>', map: ref('target') },
  { name: 'press', tool: 'browser_press_key', usage: '<key>', map: ref('key') },
  { name: 'drag', tool: 'browser_drag', usage: '<ref> <ref>',
    map: (args, _cwd, command) => { need(command, args, 2); return { startTarget: args[0], endTarget: args[1] }; } },
  { name: 'upload', tool: 'browser_file_upload', usage: '<ref> <file...>',
    map: (args, cwd, command) => { need(command, args, 2, Infinity); return { target: args[0], paths: args.slice(1).map(p => abs(cwd, p)) }; } },
  { name: 'find', tool: 'browser_find', usage: '[text] [--role R] [--name N]', flags: { ref: 'target' },
    map: (args, _cwd, command) => { need(command, args, 0, 1); return args[0] === undefined ? {} : { text: args[0] }; } },
  { name: 'eval', tool: 'browser_evaluate', usage: '<js> [--ref R]', flags: { ref: 'target' },
    map: (args, _cwd, command) => { need(command, args, 1); return { function: args[0] }; } },
  { name: 'wait', tool: 'browser_wait_for', usage: '<text|ms> | --gone <text>', summary: 'Wait for text to appear, to disappear (--gone), or for a number of milliseconds', flags: { gone: 'textGone' },
    map: (args, _cwd, command) => { need(command, args, 0, 1); if (!args.length) return {}; return /^\d+(\.\d+)?$/.test(args[0]!) ? { time: Number(args[0]) / 1000 } : { text: args[0] }; } },
  { name: 'screenshot', tool: 'browser_take_screenshot', usage: '[file] [--ref R] [--full-page]', flags: { ref: 'target' },
    map: (args, cwd, command) => { need(command, args, 0, 1); return args[0] ? { filename: abs(cwd, args[0]) } : {}; } },
  { name: 'back', tool: 'browser_navigate_back', usage: '' },
  { name: 'forward', tool: 'browser_navigate_forward', usage: '' },
  { name: 'reload', tool: 'browser_reload', usage: '' },
  { name: 'tabs', tool: 'browser_tabs', usage: '[new|close|select] [index|url]', summary: 'List the tabs, or open, close or select one',
    map: (args, cwd, command) => {
      need(command, args, 0, 2);
      const action = args[0] ?? 'list';
      if (!['list', 'new', 'close', 'select'].includes(action)) throw new UsageError(`"ariaref tabs" takes list, new, close or select, got "${action}". Example: ariaref tabs select 1`);
      const arg = args[1];
      if (arg === undefined) return { action };
      if (action === 'new') return { action, url: toUrl(arg, cwd) };
      if (!/^\d+$/.test(arg)) throw new UsageError(`"ariaref tabs ${action}" needs a tab index (0-based), got "${arg}". List them with "ariaref tabs".`);
      return { action, index: Number(arg) };
    } },
  { name: 'console', tool: 'browser_console_messages', usage: '' },
  { name: 'network', tool: 'browser_network_requests', usage: '' },
  { name: 'dialog', tool: 'browser_handle_dialog', usage: 'accept|dismiss [text]', summary: 'Answer the open dialog (alert, confirm, prompt); text is the prompt\'s answer',
    map: (args, _cwd, command) => {
      need(command, args, 1, 2);
      if (args[0] !== 'accept' && args[0] !== 'dismiss') throw new UsageError(`"ariaref dialog" takes accept or dismiss, got "${args[0]}". Example: ariaref dialog accept`);
      return { accept: args[0] === 'accept', ...(args[1] !== undefined ? { promptText: args[1] } : {}) };
    } },
  { name: 'resize', tool: 'browser_resize', usage: '<width> <height>',
    map: (args, _cwd, command) => { if (args.length) need(command, args, 2); return args.length ? { width: Number(args[0]), height: Number(args[1]) } : {}; } },
  { name: 'pick', tool: 'browser_pick', usage: '[--timeout ms]', summary: 'In a headed session: the person clicks an element, you get its ref (Escape cancels)' },
  { name: 'close', usage: '', summary: 'End the session: its browser, pages and cookies' },
  { name: 'sessions', usage: '', summary: 'List the open sessions' },
  { name: 'stop', usage: '', summary: 'End every session and the daemon' },
];

/** Commands whose flags are not the tool's: the daemon handles them. */
export const DAEMON_COMMANDS = new Set(['close', 'sessions', 'stop']);

export function findCommand(name: string): Command | undefined {
  return COMMANDS.find(c => c.name === name);
}

/** The tool call a command line asks for: `[command, ...args]` minus the global flags. */
export function resolveCall(argv: string[], cwd: string): { tool: Tool; params: Record<string, unknown>; command?: Command } {
  const [name, ...rest] = argv;
  if (!name) throw new UsageError('no command given. Run "ariaref --help" for the commands.');
  const command = findCommand(name);
  const tool = command?.tool ? findTool(command.tool) : findTool(name);
  if (!tool) {
    if (command) throw new UsageError(`"ariaref ${name}" needs its tool ${command.tool}, which this build lacks. Run "npm run build" in the ariaref folder.`);
    throw new UsageError(`unknown command "${name}". Run "ariaref --help" for the commands and tools.`);
  }
  const { params, positionals } = parseToolArgs(tool.name, rest, { flags: command?.flags, positionals: true });
  if (!command?.map && positionals.length)
    throw new UsageError(`"ariaref ${name}" takes no positional arguments, got "${positionals[0]}". Pass parameters as --name value (see "ariaref ${name} --help").`);
  const mapped = command?.map ? command.map(positionals, cwd, command) : {};
  if (tool.name === 'browser_evaluate' && typeof mapped.function === 'string') mapped.function = asFunction(mapped.function, params.target !== undefined);
  return { tool, params: { ...mapped, ...params }, command };
}

