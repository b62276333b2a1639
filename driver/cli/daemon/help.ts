// `ariaref --help` and `ariaref <command> --help`, written from the tool declarations (their
// descriptions and zod schemas), so the help cannot drift from what the commands accept.
import { allTools, inputJsonSchema, type Tool } from '../../tools/index.js';
import { helpText as serverHelp } from '../../mcp/cli.js';
import { findTool } from '../tool-args.js';
import { COMMANDS, findCommand, type Command } from './commands.js';

const GLOBAL = `Global options (anywhere on the line):
  -s, --session <name>   Session to use (default "default", or ARIAREF_SESSION); sessions share nothing
  --json                 Print the answer as JSON (the same sections as fields)
  -h, --help             Help for a command: ariaref click --help`;

function firstSentence(text: string): string {
  return text.split(/(?<=\.)\s/)[0]!.replace(/\.$/, '');
}

function summaryOf(command: Command): string {
  if (command.summary) return command.summary;
  const tool = command.tool ? findTool(command.tool) : undefined;
  return tool ? firstSentence(tool.description) : '';
}

export function mainHelp(): string {
  const rows = [
    ...COMMANDS.map(c => [`${c.name} ${c.usage}`.trim(), summaryOf(c)] as const),
    ['snapshot <url|file>', 'One-shot: its own browser, the snapshot, exit (--json, --depth, --root, --boxes)'] as const,
    ['skill [--install [dir]]', 'Print the agent skill, or write it to .claude/skills/ariaref/SKILL.md'] as const,
    ['mcp [options]', 'Run the MCP server (ariaref mcp --help)'] as const,
  ];
  const width = Math.min(44, Math.max(...rows.map(r => r[0].length)) + 2);
  const lines = rows.map(([left, right]) => (left.length >= width ? `  ${left}\n  ${''.padEnd(width)}${right}` : `  ${left.padEnd(width)}${right}`));
  const shortcuts = new Set(COMMANDS.map(c => c.tool));
  const taken = new Set(COMMANDS.map(c => c.name));
  const others = allTools.filter(t => !shortcuts.has(t.name)).map(t => (taken.has(t.name.replace(/^browser_/, '')) ? t.name : t.name.replace(/^browser_/, '')));
  return `Usage: ariaref <command> [args] [options]

Drives a browser that stays open between commands (a background daemon, one per user, over a
private socket). Actions print what changed on the page; refs (e5) come from the snapshot.

Commands:
${lines.join('\n')}

Every tool is also a command, with its parameters as flags (ariaref <tool> --help):
${wrap(others.join(', '), 100, '  ')}

${GLOBAL}
  -v, --version          Print the version`;
}

function wrap(text: string, width: number, indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width - indent.length) { lines.push(line); line = word; } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map(l => indent + l).join('\n');
}

type Prop = { type?: string; enum?: unknown[]; description?: string; items?: { type?: string }; anyOf?: unknown[] };

function typeOf(prop: Prop): string {
  if (prop.enum) return prop.enum.join('|');
  if (prop.type === 'array') return `${prop.items?.type ?? 'value'}...`;
  if (prop.anyOf) return 'json';
  return prop.type ?? 'value';
}

function flagsOf(tool: Tool, command?: Command): string[] {
  const schema = inputJsonSchema(tool) as { properties?: Record<string, Prop>; required?: string[] };
  const shellName = new Map(Object.entries(command?.flags ?? {}).map(([flag, param]) => [param, flag]));
  return Object.entries(schema.properties ?? {}).map(([name, prop]) => {
    const alias = shellName.get(name);
    const left = `--${alias ?? name}${prop.type === 'boolean' ? '' : ` <${typeOf(prop)}>`}`;
    const required = schema.required?.includes(name) ? ' (required)' : '';
    return `  ${left.padEnd(28)}${prop.description ?? ''}${required}${alias ? ` (--${name})` : ''}`;
  });
}

/** Help for one command or tool; undefined when it names neither. */
export function commandHelp(name: string): string | undefined {
  const command = findCommand(name);
  const tool = command?.tool ? findTool(command.tool) : command ? undefined : findTool(name);
  if (!command && !tool) return undefined;
  const usage = command ? `ariaref ${command.name} ${command.usage}`.trim() : `ariaref ${tool!.name.replace(/^browser_/, '')} [--param value]`;
  const lines = [`Usage: ${usage}`, '', command ? summaryOf(command) : tool!.description];
  if (tool) lines.push('', `Runs ${tool.name}. Options:`, ...flagsOf(tool, command));
  if (command?.name === 'open') lines.push('', 'Browser and server options (they apply when the session starts):', serverHelp().split('\nOptions:\n')[1] ?? '');
  if (command?.name === 'snapshot') lines.push('', 'With a URL or a file (ariaref snapshot page.html): a one-shot snapshot in its own browser,', 'with --json, --depth <n>, --boxes, --verbose, --root <css>, --browser <path>, --headed, --timeout <ms>.');
  lines.push('', GLOBAL);
  return lines.join('\n');
}
