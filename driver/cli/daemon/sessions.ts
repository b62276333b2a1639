// The daemon's named sessions: each its own browser (a BrowserHost) and tool Session, so sessions
// never share pages, cookies or refs. Commands of one session run one at a time, in order; an
// idle session closes itself. Sessions that ended are remembered so the next command can say why.
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { BrowserHost } from '../../index.js';
import { callTool, clipQuotedInputs, QUOTE_CHARS, Session, TOOL_GROUPS, type SessionConfig, type Tool } from '../../tools/index.js';
import { ConfigError, parseConfig } from '../../mcp/cli.js';
import type { CliReply, CliRequest } from '../paths.js';
import { UsageError } from '../tool-args.js';
import { resolveCall } from './commands.js';
import { replyFor, textReply, usageReply, type PageMemory } from './output.js';

export const DEFAULT_IDLE_MS = 30 * 60_000;

interface Entry {
  name: string;
  session: Session;
  host: BrowserHost;
  config: SessionConfig;
  queue: Promise<unknown>;
  /** The working directory of the command running now: relative paths and the workspace follow it. */
  cwd: string;
  idleMs: number;
  timer?: NodeJS.Timeout;
  running: number;
  memory: PageMemory;
}

export const LOST = 'was lost: the ariaref daemon had stopped unexpectedly (killed or crashed), and its pages, cookies and refs with it';

function duration(ms: number): string {
  return ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`;
}

export class Sessions {
  private readonly entries = new Map<string, Entry>();
  /** Session name → why it ended ("was closed after 30 min without a command"). */
  readonly gone = new Map<string, string>();

  constructor(private readonly changed: () => void, private readonly emptied: (why: 'idle') => void) {}

  names(): string[] {
    return [...this.entries.keys()];
  }

  get size(): number {
    return this.entries.size;
  }

  /** Runs one command; `signal` aborts when its client went away (the command then stops at its next wait). */
  async handle(request: CliRequest, signal?: AbortSignal): Promise<CliReply> {
    const [name] = request.argv;
    try {
      if (name === 'sessions') return await this.list(request.json);
      if (name === 'close') return await this.close(request.session, request.json);
      if (name === 'open') return await this.open(request, signal);
      const { tool, params } = resolveCall(request.argv, request.cwd);
      let entry = this.entries.get(request.session);
      const notes: string[] = [];
      if (!entry && tool.name === 'browser_navigate') entry = this.create(request.session, this.configFor([], request), notes);
      if (!entry) return usageReply(this.missing(request.session), 1);
      return await this.run(entry, tool, params, request, notes, signal);
    } catch (error) {
      if (error instanceof UsageError || error instanceof ConfigError) return usageReply(error.message);
      throw error;
    }
  }

  private missing(name: string): string {
    const why = this.gone.get(name);
    return why
      ? `Browser session "${name}" ${why}. Run "ariaref open <url>${flag(name)}" to start it again.`
      : `No browser session "${name}". Run "ariaref open <url>${flag(name)}" first.`;
  }

  private async open(request: CliRequest, signal?: AbortSignal): Promise<CliReply> {
    const { url, options } = inDirectory(request.cwd, () => splitOpenArgs(request.argv.slice(1)));
    const { tool, params } = url === undefined ? resolveCall(['snapshot'], request.cwd) : resolveCall(['open', url], request.cwd);
    let entry = this.entries.get(request.session);
    const notes: string[] = [];
    if (entry && options.length)
      notes.push(`Session "${request.session}" was already open, so ${options.filter(o => o.startsWith('-')).join(' ')} did not apply. Run "ariaref close${flag(request.session)}" first to change its options.`);
    entry ??= this.create(request.session, this.configFor(options, request), notes);
    return this.run(entry, tool, params, request, notes, signal);
  }

  /** The server's options (flags, ARIAREF_* of the caller's environment, --config), with the CLI's defaults. */
  private configFor(options: string[], request: CliRequest): SessionConfig {
    const env = request.env ?? {};
    const { config } = inDirectory(request.cwd, () => parseConfig(options, env));
    // A shell costs no tokens until called: every group is on unless --caps picks some.
    if (!config.caps.length) config.caps = TOOL_GROUPS.filter(g => !g.startsWith('core'));
    // Code after every action is for MCP clients that record; a shell user reads less without it.
    if (!options.some(o => o.startsWith('--codegen')) && !env.ARIAREF_CODEGEN && !env.PLAYWRIGHT_MCP_CODEGEN) config.codegen = 'none';
    // The shell leaves out a Page section it already printed itself (PageMemory); --json keeps it.
    config.pageSectionOnce = false;
    // The shell user owns these files already: `ariaref open page.html` must work.
    if (!options.some(o => /^--(no-)?allow-file-access/.test(o)) && !env.ARIAREF_ALLOW_FILE_ACCESS && !env.PLAYWRIGHT_MCP_ALLOW_FILE_ACCESS) config.allowFileAccess = true;
    if (!config.executablePath && env.ARIAREF_BROWSER) config.executablePath = env.ARIAREF_BROWSER;
    return config;
  }

  private create(name: string, config: SessionConfig, notes: string[]): Entry {
    const why = this.gone.get(name);
    if (why) notes.push(`Browser session "${name}" ${why}; this is a new session.`);
    this.gone.delete(name);
    const host = new BrowserHost(config, true);
    const entry: Entry = {
      name, host, config, queue: Promise.resolve(), cwd: process.cwd(), running: 0, memory: {},
      idleMs: config.idleTimeoutMs === undefined ? DEFAULT_IDLE_MS : config.idleTimeoutMs,
      session: undefined as unknown as Session,
    };
    // The workspace is where the command runs: files without a path land in ./.playwright-mcp there.
    entry.session = new Session(config, host, async () => [pathToFileURL(entry.cwd).href]);
    this.entries.set(name, entry);
    this.changed();
    return entry;
  }

  private async run(entry: Entry, tool: Tool, params: Record<string, unknown>, request: CliRequest, notes: string[], signal?: AbortSignal): Promise<CliReply> {
    const parsed = z.strictObject(tool.params).safeParse(params);
    if (!parsed.success) {
      // A message that names its parameter itself ("clickCount must be between 1 and 10") needs no prefix.
      const problems = parsed.error.issues.map(issue => {
        const path = issue.path.join('.') || 'arguments';
        return (issue.message.startsWith(`${path} `) ? issue.message : `${path}: ${issue.message}`).replace(/\.$/, '');
      }).join('; ');
      return usageReply(clipQuotedInputs(`${request.argv[0]}: ${problems}. See "ariaref ${request.argv[0]} --help".`, params, QUOTE_CHARS));
    }
    clearTimeout(entry.timer);
    entry.running++;
    let toolMs = 0;
    const run = entry.queue.then(async () => {
      entry.cwd = request.cwd;
      const started = performance.now();
      try {
        return await callTool(entry.session, tool.name, params, { signal });
      } finally {
        toolMs = performance.now() - started;
      }
    });
    entry.queue = run.catch(() => {}).finally(() => {
      entry.running--;
      this.armIdle(entry);
    });
    const requested = tool.name === 'browser_navigate' && typeof params.url === 'string' ? params.url : undefined;
    const reply = replyFor(await run, request.json, notes, entry.memory, requested);
    return { ...reply, toolMs: Math.round(toolMs * 10) / 10 };
  }

  private armIdle(entry: Entry): void {
    clearTimeout(entry.timer);
    if (!entry.idleMs || entry.running || this.entries.get(entry.name) !== entry) return;
    entry.timer = setTimeout(() => {
      this.gone.set(entry.name, `was closed after ${duration(entry.idleMs)} without a command (--idle-timeout)`);
      void this.drop(entry).then(() => { if (!this.entries.size) this.emptied('idle'); });
    }, entry.idleMs);
  }

  private async drop(entry: Entry): Promise<void> {
    clearTimeout(entry.timer);
    if (this.entries.get(entry.name) === entry) this.entries.delete(entry.name);
    this.changed();
    await entry.queue.catch(() => {});
    await entry.session.dispose().catch(() => {});
    await entry.host.closeAll().catch(() => {});
  }

  private async close(name: string, json: boolean): Promise<CliReply> {
    const entry = this.entries.get(name);
    if (!entry) return usageReply(this.missing(name), 1);
    await this.drop(entry);
    return textReply(`Closed session "${name}": its browser, pages and cookies are gone.`, json);
  }

  private async list(json: boolean): Promise<CliReply> {
    const rows = this.names().map(name => {
      const entry = this.entries.get(name)!;
      const tab = entry.session.currentTabOrUndefined();
      const tabs = entry.session.tabs.filter(t => !t.isClosed()).length;
      return { name, url: tab?.page.url() ?? '', tabs, headed: !entry.config.headless };
    });
    if (json) return { stdout: `${JSON.stringify({ ok: true, sessions: rows }, null, 2)}\n`, stderr: '', code: 0 };
    if (!rows.length) return textReply('No sessions. Start one with "ariaref open <url>".', false);
    return textReply(rows.map(r => `- ${r.name}: ${r.url || 'no page yet'}${r.tabs > 1 ? ` (${r.tabs} tabs)` : ''}${r.headed ? ' [headed]' : ''}`).join('\n'), false);
  }

  /** Ends every session (ariaref stop, idle exit, a signal), remembering why for the next daemon. */
  async closeAll(why: string | undefined): Promise<void> {
    const all = [...this.entries.values()];
    for (const entry of all) if (why) this.gone.set(entry.name, why);
    await Promise.all(all.map(entry => this.drop(entry)));
  }
}

/** Relative paths in the options (--secrets, --config...) are the caller's; parsing is synchronous, so nothing else runs meanwhile. */
function inDirectory<T>(cwd: string, parse: () => T): T {
  const home = process.cwd();
  try {
    process.chdir(cwd);
  } catch {
    throw new UsageError(`the working directory ${cwd} is gone. Run the command from an existing folder.`);
  }
  try {
    return parse();
  } finally {
    process.chdir(home);
  }
}

function flag(session: string): string {
  return session === 'default' ? '' : ` -s ${session}`;
}

/**
 * `open [url] [options]`: the options are the server's, so its parser tells which word is the URL
 * (the one argument it refuses as not being an option or an option's value).
 */
export function splitOpenArgs(args: string[]): { url?: string; options: string[] } {
  let options = [...args];
  let url: string | undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      parseConfig(options, {});
      return { url, options };
    } catch (error) {
      const match = error instanceof ConfigError && /^Unexpected argument "([\s\S]*)"\. Run/.exec(error.message);
      if (!match || url !== undefined) throw error instanceof ConfigError ? new UsageError(error.message.replace('ariaref mcp --help', 'ariaref open --help')) : error;
      url = match[1]!;
      options = [...options.slice(0, options.indexOf(url)), ...options.slice(options.indexOf(url) + 1)];
    }
  }
  return { url, options };
}
