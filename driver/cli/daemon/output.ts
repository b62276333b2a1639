// A tool's answer as a shell prints it: the same markdown sections the MCP server returns, tool
// names in the wording turned into the commands a shell user runs, the error first on stderr,
// and with --json the sections as one object.
import { isEchoOnly, isInputError, toolResultText, type ToolResult } from '../../tools/index.js';
import type { CliReply } from '../paths.js';
import { COMMANDS } from './commands.js';

const commandOf = new Map<string, string>();
for (const command of COMMANDS) if (command.tool && !commandOf.has(command.tool)) commandOf.set(command.tool, command.name);
commandOf.set('browser_navigate', 'open <url>');
commandOf.set('browser_close', 'close');

function shellName(tool: string): string {
  return `ariaref ${commandOf.get(tool) ?? tool.replace(/^browser_/, '')}`;
}

/** `Call browser_snapshot for fresh refs.` → `Run "ariaref snapshot" for fresh refs.` */
export function shellWording(text: string): string {
  return text
    .replace(/\bbrowser_tabs action "(\w+)"/g, (_, action: string) => `"ariaref tabs${action === 'list' ? '' : ` ${action}`}"`)
    .replace(/\b(Call|call|Use|use|Try|try|with) (browser_\w+)/g, (_, verb: string, tool: string) =>
      `${verb === 'with' ? 'with' : /^[A-Z]/.test(verb) ? 'Run' : 'run'} "${shellName(tool)}"`)
    .replace(/\bbrowser_\w+/g, tool => `"${shellName(tool)}"`)
    .replace(/Restart the server with (--[\w-]+(?: [^\s.]+)?)/g, 'Run "ariaref close", then "ariaref open $1 <url>"')
    .replace(/restart (it|the server) without --no-evaluate/g, 'reopen the session without --no-evaluate');
}

export interface Section { title: string; body: string }

export function splitSections(text: string): Section[] {
  const sections: Section[] = [];
  for (const part of text.split(/^(?=### )/m)) {
    const match = /^### (.+)\n?([\s\S]*)$/.exec(part);
    if (match) sections.push({ title: match[1]!.trim(), body: match[2]!.replace(/\n+$/, '') });
    else if (part.trim()) sections.push({ title: 'Result', body: part.trim() });
  }
  return sections;
}

/**
 * Headers only where they tell sections apart: an answer of just a result and a snapshot (most
 * actions) reads as the result line, then the YAML, which starts with `- `, `~ ` or `# `.
 */
function join(sections: Section[]): string {
  if (sections.every(s => s.title === 'Result' || s.title === 'Snapshot')) return sections.map(s => s.body).join('\n');
  return sections.map(s => `### ${s.title}\n${s.body}`).join('\n\n');
}

/** The console log's `New console entries:` link is worth reading in a shell only beside an error or a warning. */
function shellEvents(body: string): string {
  const lines = body.split('\n');
  if (lines.some(line => /^- \[(error|warning)\] /.test(line))) return body;
  return lines.filter(line => !line.startsWith('- New console entries: ')).join('\n');
}

/** What the session's last answer showed of the page, so the next one can leave out what is known. */
export interface PageMemory { page?: string }

/**
 * The shell reads every character: the Page section only when the page or its notes changed,
 * no settle timings, no second "Navigated to" line (`Opened "Title".` when the page is where it
 * was asked to go), the snapshot without its code fence, and the console log link only when
 * errors or warnings arrived.
 * --json keeps the sections whole.
 */
function trimForShell(sections: Section[], memory: PageMemory, requested: string | undefined): Section[] {
  const result = sections.find(s => s.title === 'Result')?.body ?? '';
  const out: Section[] = [];
  for (const section of sections) {
    if (section.title === 'Snapshot') {
      const fenced = /^```yaml\n([\s\S]*?)\n?```$/.exec(section.body);
      // A shell user knows a diff from its `# diff:` header: the reminder that the rest is
      // unchanged is for agents meeting it in a transcript.
      const body = (fenced ? fenced[1]! : section.body).replace(/^(# diff: .*) \(unchanged parts omitted\)$/m, '$1');
      out.push({ ...section, body });
      continue;
    }
    if (section.title === 'Events') {
      const body = shellEvents(section.body);
      if (body.trim()) out.push({ ...section, body });
      continue;
    }
    if (section.title !== 'Page') { out.push(section); continue; }
    const lines = section.body.split('\n').filter(line => !/^- Settled after /.test(line)
      && !(line.startsWith('- Navigated to ') && result.includes(line.slice(2))));
    const where = lines.filter(line => /^- Page (URL|Title): /.test(line)).join('\n');
    const known = where === memory.page;
    memory.page = where;
    const onlyWhere = lines.every(line => /^- Page (URL|Title): /.test(line));
    if (known && onlyWhere) continue;
    // Landed where asked: the URL is the one the user just typed, the title is the news.
    const url = /^- Page URL: (.*)$/m.exec(where)?.[1];
    const title = /^- Page Title: (.*)$/m.exec(where)?.[1];
    if (requested !== undefined && onlyWhere && url) {
      const named = title ? `Opened ${JSON.stringify(title)}` : 'Opened';
      // Elsewhere (a redirect, a login wall): where it landed is news.
      out.unshift({ title: 'Result', body: sameUrl(url, requested) ? `${named}.` : `${named} at ${url}.` });
      continue;
    }
    out.push({ ...section, body: lines.join('\n') });
  }
  return out;
}

function sameUrl(shown: string, requested: string): boolean {
  if (shown === requested) return true;
  try {
    return new URL(requested).href === shown;
  } catch {
    return false;
  }
}

/**
 * Notes the daemon adds before a result (a lost session, options that did not apply);
 * `requested` is the URL an `open` asked for.
 */
export function replyFor(result: ToolResult, json: boolean, notes: string[] = [], memory: PageMemory = {}, requested?: string): CliReply {
  let sections = splitSections(toolResultText(result)).map(s => (s.title === 'Snapshot' ? s : { ...s, body: shellWording(s.body) }));
  if (!json) sections = trimForShell(sections, memory, requested);
  // The page shows just what the command said it would do: its exit code and one word say so.
  if (!json && isEchoOnly(result)) sections = sections.map(s => (s.title === 'Result' ? { ...s, body: 'Done.' } : s));
  if (notes.length) sections.unshift({ title: 'Note', body: notes.join('\n') });
  const error = sections.find(s => s.title === 'Error');
  // A refused argument is a usage error, as the shell's own argument checks are.
  const code = result.isError ? (isInputError(result) ? 2 : 1) : 0;
  if (json) {
    const object: Record<string, unknown> = { ok: !result.isError };
    for (const s of sections) object[jsonKey(s.title)] = s.body;
    const stdout = `${JSON.stringify(object, null, 2)}\n`;
    return { stdout, stderr: error ? `${error.body}\n` : '', code };
  }
  const rest = sections.filter(s => s !== error);
  return {
    stdout: rest.length ? `${join(rest)}\n` : '',
    stderr: error ? `${error.body}\n` : (result.isError ? 'The command failed.\n' : ''),
    code,
  };
}

function jsonKey(title: string): string {
  const words = title.toLowerCase().split(/\s+/);
  return words.map((w, i) => (i ? w[0]!.toUpperCase() + w.slice(1) : w)).join('');
}

export function usageReply(message: string, code = 2): CliReply {
  return { stdout: '', stderr: `${message.replace(/^ariaref: /, '')}\n`, code };
}

export function textReply(text: string, json: boolean, extra: Record<string, unknown> = {}): CliReply {
  return { stdout: json ? `${JSON.stringify({ ok: true, result: text, ...extra }, null, 2)}\n` : `${text}\n`, stderr: '', code: 0 };
}
