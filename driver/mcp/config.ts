// Server options: one declarative table (options.ts) drives the CLI flags, the ARIAREF_*
// environment variables, the JSON config file keys (config-file.ts, also Playwright MCP's
// format) and the --help text, so they can never drift apart.
// Precedence: defaults < config file < environment < command line.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { deviceContextOptions, isCdpEndpoint } from '../index.js';
import { defaultSessionConfig, type SessionConfig, type ToolGroup } from '../tools/index.js';
import { readConfigFile } from './config-file.js';
import {
  AVAILABLE_CAPS, capabilityGroup, CHROMIUM_BROWSERS, ConfigError, convert, envName, OPTIONS, playwrightEnvName, splitList, type OptionSpec,
} from './options.js';

export { ConfigError } from './options.js';

/** A tool session's configuration plus how the server is reached. */
export interface ServerConfig extends SessionConfig {
  port?: number;
  host: string;
  allowedHosts: string[];
}

export function defaultConfig(): ServerConfig {
  return { ...defaultSessionConfig(), host: '127.0.0.1', allowedHosts: [] };
}

/** What was set, by option key; later sources overwrite earlier ones. */
type Raw = Map<string, { spec: OptionSpec; value: unknown; where: string }>;

function fromArgv(argv: string[], raw: Raw): { configPath?: string; help: boolean; version: boolean } {
  let configPath: string | undefined;
  let help = false;
  let version = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') { help = true; continue; }
    if (arg === '--version' || arg === '-V') { version = true; continue; }
    if (!arg.startsWith('--')) throw new ConfigError(`Unexpected argument "${arg}". Run "ariaref mcp --help" for the options.`);
    let [name, value] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (name === 'config') {
      configPath = value ?? argv[++i];
      if (!configPath) throw new ConfigError('--config needs a path to a JSON file.');
      continue;
    }
    const negated = name.startsWith('no-') && OPTIONS.find(o => o.flag === name.slice(3) && o.kind === 'boolean');
    if (negated) { raw.set(negated.key, { spec: negated, value: false, where: `--${name}` }); continue; }
    const spec = OPTIONS.find(o => o.flag === name);
    if (!spec) throw new ConfigError(`Unknown option --${name}. Run "ariaref mcp --help" for the options.`);
    const where = `--${name}`;
    if (spec.kind === 'boolean') { raw.set(spec.key, { spec, value: value ?? true, where }); continue; }
    const values: string[] = [];
    value ??= argv[++i];
    if (value === undefined) throw new ConfigError(`--${name} needs a value (${spec.arg ?? 'value'}).`);
    values.push(value);
    // Playwright MCP's <x...> options also take the arguments that follow, up to the next option.
    if (spec.variadic && !arg.includes('=')) while (argv[i + 1] !== undefined && !argv[i + 1].startsWith('-')) values.push(argv[++i]);
    if (spec.kind === 'list' || spec.kind === 'multi') {
      // Repeating a list flag adds to it (on the command line; other sources replace).
      const earlier = raw.get(spec.key);
      const before = earlier?.where.startsWith('--') ? (earlier.value as string[]) : [];
      raw.set(spec.key, { spec, value: [...before, ...(spec.kind === 'list' ? values.flatMap(splitList) : values)], where });
    } else {
      raw.set(spec.key, { spec, value: values[0], where });
    }
  }
  return { configPath, help, version };
}

function fromEnv(env: NodeJS.ProcessEnv, raw: Raw): void {
  // Playwright MCP's PLAYWRIGHT_MCP_* first, so ARIAREF_* wins when both are set.
  const names = (spec: OptionSpec) => [playwrightEnvName(spec), envName(spec)].filter((n): n is string => !!n);
  for (const pass of [0, 1]) {
    for (const spec of OPTIONS) {
      const name = names(spec)[pass === 0 ? 0 : names(spec).length - 1];
      if (pass === 0 && name === envName(spec)) continue;
      const value = env[name];
      // Their empty values mean "unset".
      if (value === undefined || (pass === 0 && value === '')) continue;
      raw.delete(spec.key);
      raw.set(spec.key, { spec, value, where: name });
    }
  }
}

function parseViewport(text: string, where: string): { width: number; height: number } {
  const match = /^(\d+)\s*[x,]\s*(\d+)$/.exec(text.trim());
  if (!match || !Number(match[1]) || !Number(match[2])) throw new ConfigError(`${where}: expected WIDTHxHEIGHT such as 1280x720, got "${text}".`);
  return { width: Number(match[1]), height: Number(match[2]) };
}

/** NAME=value lines, # comments, optional "export " and quotes (single, double with \n escapes). */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([\w.-]+)\s*=\s*(.*)?\s*$/.exec(line);
    if (!match) continue;
    let value = (match[2] ?? '').trim();
    const quote = value[0];
    if ((quote === '"' || quote === "'" || quote === '`') && value.endsWith(quote) && value.length > 1) {
      value = value.slice(1, -1);
      if (quote === '"') value = value.replace(/\\n/g, '\n').replace(/\\r/g, '\r');
    } else {
      value = value.replace(/\s+#.*$/, '');
    }
    out[match[1]] = value;
  }
  return out;
}

function existingFile(path: string, where: string, what: string): string {
  const full = resolve(path);
  if (!existsSync(full) || !statSync(full).isFile()) throw new ConfigError(`${where}: ${what} file ${full} does not exist. Check the path (relative paths start from ${process.cwd()}).`);
  return full;
}

/** One line for a browser ariaref cannot drive, with what to use instead. */
function checkBrowser(name: string, where: string): void {
  if ((CHROMIUM_BROWSERS as readonly string[]).includes(name)) return;
  if (/^(firefox|moz-firefox|webkit|msedge)/.test(name))
    throw new ConfigError(`${where} ${name} is not supported: ariaref drives Chromium only. Use --browser chromium or chrome (the default), or --executable-path /path/to/chrome.`);
  throw new ConfigError(`${where}: unknown browser "${name}". Use one of ${CHROMIUM_BROWSERS.join(', ')} (ariaref drives Chromium only).`);
}

interface Extra { contextOptions: Record<string, unknown>; launchOptions: Record<string, unknown> }

function apply(raw: Raw, extra: Extra): ServerConfig {
  const config = defaultConfig() as ServerConfig & Record<string, any>;
  const v: Record<string, any> = {};
  const where: Record<string, string> = {};
  for (const [key, entry] of raw) {
    // "secrets" in Playwright MCP's format is the values themselves.
    v[key] = key === 'secrets' && typeof entry.value === 'object' && entry.value !== null && !Array.isArray(entry.value)
      ? entry.value : convert(entry.spec, entry.value, entry.where);
    where[key] = entry.where;
  }
  const has = (key: string) => v[key] !== undefined;

  if (v.extension)
    throw new ConfigError(`${where.extension} is not supported: ariaref does not use the Playwright MCP browser extension. To drive your own Chrome, start it with --remote-debugging-port=9222 and pass --cdp-endpoint http://127.0.0.1:9222.`);
  if (has('browser')) checkBrowser(v.browser, where.browser);
  if (v.isolated && v.userDataDir)
    throw new ConfigError(`${where.isolated} keeps the profile in memory, so it cannot be combined with ${where.userDataDir}: drop one of them.`);

  // Plain fields: the option key is the config field.
  const special = new Set(['viewport', 'browser', 'extension', 'isolated', 'sandbox', 'proxyServer', 'proxyBypass', 'cdpHeaders', 'cdpTimeout',
    'storageState', 'sharedBrowserContext', 'device', 'mobile', 'userAgent', 'ignoreHttpsErrors', 'grantPermissions', 'blockServiceWorkers',
    'initScript', 'initPage', 'caps', 'vision', 'secrets']);
  for (const key of Object.keys(v)) if (!special.has(key)) config[key] = v[key];
  // Endpoints copied from a banner ("Listening on ws://...\n") often carry the line break.
  if (typeof config.connect === 'string') config.connect = config.connect.trim();

  // The browser context: Playwright MCP's file options < device < the single options.
  const contextOptions: Record<string, any> = { ...extra.contextOptions };
  const launchOptions: Record<string, any> = { ...extra.launchOptions };
  if (v.mobile && v.device) throw new ConfigError(`${where.mobile} cannot be combined with ${where.device}: pick one.`);
  const device = v.mobile ? 'Pixel 10' : v.device;
  if (device) {
    // Playwright MCP's sentence, which scripts may look for; then what to do.
    if (config.connect && isCdpEndpoint(config.connect)) throw new ConfigError(`${where.device ?? where.mobile}: Device emulation is not supported with cdpEndpoint. Drop ${where.device ?? where.mobile}, or drop ${where.connect} to let ariaref launch a browser it can emulate the device in.`);
    try {
      Object.assign(contextOptions, deviceContextOptions(device));
    } catch (error) {
      throw new ConfigError(`${where.device ?? where.mobile}: ${(error as Error).message}`);
    }
  }
  if (has('viewport')) {
    config.viewport = parseViewport(v.viewport, where.viewport);
    contextOptions.viewport = config.viewport;
  } else if (contextOptions.viewport) {
    config.viewport = contextOptions.viewport;
  }
  if (has('userAgent')) contextOptions.userAgent = v.userAgent;
  if (v.ignoreHttpsErrors) contextOptions.ignoreHTTPSErrors = true;
  if (has('grantPermissions')) contextOptions.permissions = v.grantPermissions;
  if (v.blockServiceWorkers) contextOptions.serviceWorkers = 'block';
  if (has('storageState')) contextOptions.storageState = existingFile(v.storageState, where.storageState, 'the storage state');
  if (has('proxyServer')) {
    const proxy = { server: v.proxyServer, ...(has('proxyBypass') ? { bypass: v.proxyBypass } : {}) };
    launchOptions.proxy = proxy;
    contextOptions.proxy = proxy;
  } else if (has('proxyBypass')) {
    throw new ConfigError(`${where.proxyBypass} needs --proxy-server: add the proxy it bypasses.`);
  }
  if (has('sandbox')) launchOptions.chromiumSandbox = v.sandbox;
  if (Object.keys(contextOptions).length) config.contextOptions = contextOptions;
  if (Object.keys(launchOptions).length) config.launchOptions = launchOptions;

  if (has('cdpHeaders')) {
    config.connectHeaders = {};
    for (const header of v.cdpHeaders as string[]) {
      const colon = header.indexOf(':');
      const name = (colon < 0 ? header : header.slice(0, colon)).trim();
      if (!name) throw new ConfigError(`${where.cdpHeaders}: expected "Name: value", got "${header}".`);
      config.connectHeaders[name] = colon < 0 ? '' : header.slice(colon + 1).trim();
    }
  }
  if (has('cdpTimeout')) config.connectTimeoutMs = v.cdpTimeout;
  if (v.sharedBrowserContext) config.sharedContext = true;
  if (has('initScript')) config.initScripts = (v.initScript as string[]).map(p => existingFile(p, where.initScript, 'the init script'));
  if (has('initPage')) config.initPages = (v.initPage as string[]).map(p => existingFile(p, where.initPage, 'the init page'));

  if (has('secrets')) {
    if (typeof v.secrets === 'string') {
      const file = existingFile(v.secrets, where.secrets, 'the secrets');
      config.secrets = parseDotenv(readFileSync(file, 'utf8'));
    } else {
      config.secrets = Object.fromEntries(Object.entries(v.secrets as Record<string, unknown>).map(([k, value]) => [k, String(value)]));
    }
  }

  if (has('caps') || v.vision) {
    config.caps = [];
    // Playwright MCP's legacy --vision is --caps vision, on top of the other groups named.
    for (const cap of [...(v.caps as string[] ?? []), ...(v.vision ? ['vision'] : [])]) {
      const group = capabilityGroup(cap) as ToolGroup | undefined;
      if (!group) throw new ConfigError(`${where.caps}: unknown group "${cap}". Known groups: ${AVAILABLE_CAPS.join(', ')} (tracing is another name for devtools).`);
      if (!config.caps.includes(group)) config.caps.push(group);
    }
  }
  if (config.outputDir !== undefined) config.outputDir = resolve(config.outputDir);
  return config;
}

export interface ParsedCli { config: ServerConfig; help: boolean; version: boolean }

export function parseConfig(argv: string[], env: NodeJS.ProcessEnv = process.env): ParsedCli {
  const cli: Raw = new Map();
  const { configPath, help, version } = fromArgv(argv, cli);
  const raw: Raw = new Map();
  const extra: Extra = { contextOptions: {}, launchOptions: {} };
  const path = configPath ?? env.ARIAREF_CONFIG ?? (env.PLAYWRIGHT_MCP_CONFIG || undefined);
  if (path) {
    const file = readConfigFile(path);
    for (const entry of file.entries) raw.set(entry.spec.key, entry);
    Object.assign(extra, { contextOptions: file.contextOptions, launchOptions: file.launchOptions });
  }
  fromEnv(env, raw);
  for (const [key, entry] of cli) {
    raw.delete(key); // keep insertion order = precedence order
    raw.set(key, entry);
  }
  return { config: apply(raw, extra), help, version };
}

export function helpText(): string {
  const lines = [
    'Usage: ariaref mcp [options]',
    '',
    'Serves the ariaref browser tools over MCP: stdio by default, Streamable HTTP with --port.',
    'Every flag of Playwright MCP 0.0.83 is accepted with the same meaning (a few are stored for',
    'later, marked "stored"); ariaref runs headless unless --headed.',
    'Every option can also be set with an environment variable (shown: ARIAREF_*, and Playwright',
    'MCP\'s PLAYWRIGHT_MCP_*, which ARIAREF_* overrides) or a key of the JSON file given to --config',
    '(the option name, e.g. "allowedOrigins", or Playwright MCP\'s config format).',
    'Precedence: config file < environment < command line. Booleans accept --no-<option>.',
    '',
    'Options:',
  ];
  const entries = [
    { left: '--config <path>', help: 'JSON config file: option names as keys, or Playwright MCP\'s format ({"browser": {...}}).', env: 'ARIAREF_CONFIG, PLAYWRIGHT_MCP_CONFIG' },
    ...OPTIONS.map(o => ({ left: `--${o.flag}${o.arg ? ` <${o.arg}>` : ''}`, help: o.help, env: [envName(o), playwrightEnvName(o)].filter(Boolean).join(', ') })),
    { left: '-V, --version', help: 'Print the version.', env: '' },
    { left: '-h, --help', help: 'Show this help.', env: '' },
  ];
  const width = Math.max(...entries.map(e => e.left.length)) + 2;
  for (const e of entries) {
    lines.push(`  ${e.left.padEnd(width)}${e.help}`);
    if (e.env) lines.push(`  ${''.padEnd(width)}env: ${e.env}`);
  }
  return lines.join('\n');
}
