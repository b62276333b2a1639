// Server options: one declarative table drives the CLI flags, the ARIAREF_* environment variables,
// the JSON config file keys and the --help text, so the four can never drift apart.
// Precedence: defaults < config file < environment < command line.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defaultSessionConfig, TOOL_GROUPS, type SessionConfig, type ToolGroup } from '../tools/index.js';

/** A tool session's configuration plus how the server is reached. */
export interface ServerConfig extends SessionConfig {
  port?: number;
  host: string;
  allowedHosts: string[];
}

type Kind = 'boolean' | 'string' | 'number' | 'list';

interface OptionSpec {
  flag: string;           // --flag (booleans also accept --no-flag)
  key: keyof ServerConfig | 'headed' | 'viewportText';
  kind: Kind;
  help: string;
  arg?: string;           // placeholder in --help
}

const OPTIONS: OptionSpec[] = [
  { flag: 'headed', key: 'headed', kind: 'boolean', help: 'Show the browser window (default: headless).' },
  { flag: 'headless', key: 'headless', kind: 'boolean', help: 'Run the browser headless (default).' },
  { flag: 'executable-path', key: 'executablePath', kind: 'string', arg: 'path', help: 'Chromium/Chrome binary to launch (default: ARIAREF_BROWSER, Playwright\'s Chromium, then system Chrome/Chromium).' },
  { flag: 'connect', key: 'connect', kind: 'string', arg: 'url', help: 'Connect to a running browser instead of launching: a DevTools endpoint (http://host:9222 or ws://.../devtools/browser/...) or a Playwright server (ws://...).' },
  { flag: 'user-data-dir', key: 'userDataDir', kind: 'string', arg: 'dir', help: 'Persistent profile directory (cookies and storage survive restarts; shared by all sessions).' },
  { flag: 'viewport', key: 'viewportText', kind: 'string', arg: 'WxH', help: 'Viewport size, e.g. 1280x720.' },
  { flag: 'allowed-origins', key: 'allowedOrigins', kind: 'list', arg: 'list', help: 'Only these origins may load (navigations and subresources), comma separated.' },
  { flag: 'blocked-origins', key: 'blockedOrigins', kind: 'list', arg: 'list', help: 'These origins never load, comma separated (checked before --allowed-origins).' },
  { flag: 'output-dir', key: 'outputDir', kind: 'string', arg: 'dir', help: 'Where screenshots, PDFs and downloads are saved (default: <tmp>/ariaref-output).' },
  { flag: 'timeout-action', key: 'actionTimeoutMs', kind: 'number', arg: 'ms', help: 'Action timeout in milliseconds (default 5000).' },
  { flag: 'timeout-navigation', key: 'navigationTimeoutMs', kind: 'number', arg: 'ms', help: 'Navigation timeout in milliseconds (default 60000).' },
  { flag: 'caps', key: 'caps', kind: 'list', arg: 'list', help: 'Extra tool groups, comma separated: vision (coordinate mouse tools), pdf (save as PDF).' },
  { flag: 'evaluate', key: 'evaluate', kind: 'boolean', help: 'Allow browser_evaluate and every tool that runs code (default on; --no-evaluate switches them off).' },
  { flag: 'allow-file-access', key: 'allowFileAccess', kind: 'boolean', help: 'Let uploads and saved files use any path, not only the client roots and the output directory.' },
  { flag: 'snapshot-max-tokens', key: 'snapshotMaxTokens', kind: 'number', arg: 'n', help: 'Token budget (characters/4) of a snapshot; larger pages fold runs of similar rows and deep regions into lines that say how to page on (default 8000, 0 = no limit).' },
  { flag: 'snapshot-mode', key: 'snapshotMode', kind: 'string', arg: 'mode', help: 'Snapshot after actions: "diff" (default: only what changed since the previous snapshot of the same page, with refs; removed nodes marked), "full" or "none".' },
  { flag: 'beforeunload', key: 'beforeUnload', kind: 'string', arg: 'policy', help: 'Answer to a page\'s "leave this page?" prompt: "accept" (default: leaving never blocks), "dismiss" (stay on the page) or "ask" (report it as a modal state for browser_handle_dialog).' },
  { flag: 'port', key: 'port', kind: 'number', arg: 'n', help: 'Serve Streamable HTTP on this port (at /mcp) instead of stdio.' },
  { flag: 'host', key: 'host', kind: 'string', arg: 'host', help: 'Interface the HTTP server binds to (default 127.0.0.1).' },
  { flag: 'allowed-hosts', key: 'allowedHosts', kind: 'list', arg: 'list', help: 'Host headers accepted over HTTP besides localhost/127.0.0.1/[::1] (DNS rebinding guard); "*" accepts any.' },
  { flag: 'browser-arg', key: 'browserArgs', kind: 'list', arg: 'list', help: 'Extra browser command-line arguments, comma separated.' },
];

export function defaultConfig(): ServerConfig {
  return { ...defaultSessionConfig(), host: '127.0.0.1', allowedHosts: [] };
}

export class ConfigError extends Error {}

const envName = (spec: OptionSpec) => 'ARIAREF_' + spec.flag.toUpperCase().replace(/-/g, '_');
const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function convert(spec: OptionSpec, raw: unknown, where: string): unknown {
  if (spec.kind === 'boolean') {
    if (typeof raw === 'boolean') return raw;
    if (raw === 'true' || raw === '1' || raw === '') return true;
    if (raw === 'false' || raw === '0') return false;
    throw new ConfigError(`${where}: expected true or false, got "${raw}".`);
  }
  if (spec.kind === 'number') {
    const n = typeof raw === 'number' ? raw : Number(raw);
    if (!Number.isFinite(n) || n < 0) throw new ConfigError(`${where}: expected a non-negative number, got "${raw}".`);
    return n;
  }
  if (spec.kind === 'list') {
    if (Array.isArray(raw)) return raw.map(String);
    return String(raw).split(/[,;]/).map(s => s.trim()).filter(Boolean);
  }
  return String(raw);
}

type Raw = Map<OptionSpec, unknown>;

function fromArgv(argv: string[], raw: Raw): { configPath?: string; help: boolean } {
  let configPath: string | undefined;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') { help = true; continue; }
    if (!arg.startsWith('--')) throw new ConfigError(`Unexpected argument "${arg}". Run "ariaref mcp --help" for the options.`);
    let [name, value] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (name === 'config') {
      configPath = value ?? argv[++i];
      if (!configPath) throw new ConfigError('--config needs a path to a JSON file.');
      continue;
    }
    const negated = name.startsWith('no-') && OPTIONS.find(o => o.flag === name.slice(3) && o.kind === 'boolean');
    if (negated) { raw.set(negated, false); continue; }
    const spec = OPTIONS.find(o => o.flag === name);
    if (!spec) throw new ConfigError(`Unknown option --${name}. Run "ariaref mcp --help" for the options.`);
    if (spec.kind === 'boolean') { raw.set(spec, value ?? true); continue; }
    value ??= argv[++i];
    if (value === undefined) throw new ConfigError(`--${name} needs a value (${spec.arg ?? 'value'}).`);
    raw.set(spec, value);
  }
  return { configPath, help };
}

function fromFile(path: string, raw: Raw): void {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`Cannot read config file ${path}: ${(error as Error).message}. Pass a JSON object whose keys are option names, e.g. {"headed": true}.`);
  }
  for (const [key, value] of Object.entries(json)) {
    const spec = OPTIONS.find(o => o.flag === key || camel(o.flag) === key || o.key === key);
    if (!spec) throw new ConfigError(`Config file ${path}: unknown key "${key}". Valid keys: ${OPTIONS.map(o => camel(o.flag)).join(', ')}.`);
    raw.set(spec, value);
  }
}

function fromEnv(env: NodeJS.ProcessEnv, raw: Raw): void {
  for (const spec of OPTIONS) {
    const value = env[envName(spec)];
    if (value !== undefined) raw.set(spec, value);
  }
}

function parseViewport(text: string): { width: number; height: number } {
  const match = /^(\d+)\s*[x,]\s*(\d+)$/.exec(text.trim());
  if (!match) throw new ConfigError(`--viewport: expected WIDTHxHEIGHT such as 1280x720, got "${text}".`);
  return { width: Number(match[1]), height: Number(match[2]) };
}

const KNOWN_CAPS: ToolGroup[] = TOOL_GROUPS.filter(group => group !== 'core');

function apply(raw: Raw): ServerConfig {
  const config = defaultConfig() as any;
  for (const [spec, value] of raw) {
    const converted = convert(spec, value, `--${spec.flag}`);
    if (spec.key === 'headed') config.headless = !converted;
    else if (spec.key === 'viewportText') config.viewport = parseViewport(String(converted));
    else config[spec.key] = converted;
  }
  for (const cap of config.caps as string[]) {
    if (!KNOWN_CAPS.includes(cap as ToolGroup))
      throw new ConfigError(`--caps: unknown group "${cap}". Known groups: ${KNOWN_CAPS.join(', ')}.`);
  }
  if (!['full', 'diff', 'none'].includes(config.snapshotMode))
    throw new ConfigError(`--snapshot-mode: expected full, diff or none, got "${config.snapshotMode}".`);
  if (!['accept', 'dismiss', 'ask'].includes(config.beforeUnload))
    throw new ConfigError(`--beforeunload: expected accept, dismiss or ask, got "${config.beforeUnload}".`);
  config.outputDir = resolve(config.outputDir);
  return config as ServerConfig;
}

export interface ParsedCli { config: ServerConfig; help: boolean }

export function parseConfig(argv: string[], env: NodeJS.ProcessEnv = process.env): ParsedCli {
  const cli: Raw = new Map();
  const { configPath, help } = fromArgv(argv, cli);
  const raw: Raw = new Map();
  const file = configPath ?? env.ARIAREF_CONFIG;
  if (file) fromFile(file, raw);
  fromEnv(env, raw);
  for (const [spec, value] of cli) raw.set(spec, value);
  return { config: apply(raw), help };
}

export function helpText(): string {
  const lines = [
    'Usage: ariaref mcp [options]',
    '',
    'Serves the ariaref browser tools over MCP: stdio by default, Streamable HTTP with --port.',
    'Every option can also be set with an environment variable (shown) or a key of the JSON',
    'file given to --config (the option name, e.g. "allowedOrigins"). Precedence: config file <',
    'environment < command line. Booleans accept --no-<option>.',
    '',
    'Options:',
  ];
  const entries = [
    { left: '--config <path>', help: 'JSON config file.', env: 'ARIAREF_CONFIG' },
    ...OPTIONS.map(o => ({ left: `--${o.flag}${o.arg ? ` <${o.arg}>` : ''}`, help: o.help, env: envName(o) })),
    { left: '-h, --help', help: 'Show this help.', env: '' },
  ];
  const width = Math.max(...entries.map(e => e.left.length)) + 2;
  for (const e of entries) {
    lines.push(`  ${e.left.padEnd(width)}${e.help}`);
    if (e.env) lines.push(`  ${''.padEnd(width)}env: ${e.env}`);
  }
  return lines.join('\n');
}
