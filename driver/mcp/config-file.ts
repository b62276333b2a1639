// The file given to --config, in any of these formats:
//  - ariaref's flat one: keys are option names ({"headed": true, "viewport": "800x600"});
//  - Playwright MCP's (config.d.ts of @playwright/mcp): { browser: { browserName, launchOptions,
//    contextOptions, ... }, server: {...}, capabilities, network, timeouts, ... };
//  - Playwright MCP's INI form of the same (config-ini.ts).
// Both become the same entries of the option table, plus Playwright's raw launch/context options.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ConfigError, findSpec, OPTIONS, camel, type OptionSpec } from './options.js';
import { iniToConfigObject } from './config-ini.js';

export interface FileEntry { spec: OptionSpec; value: unknown; where: string }

export interface ConfigFile {
  entries: FileEntry[];
  /** browser.contextOptions / browser.launchOptions of a Playwright MCP file, passed to Playwright as they are. */
  contextOptions: Record<string, unknown>;
  launchOptions: Record<string, unknown>;
}

/** Keys only Playwright MCP's format has at the top: their presence means that format. */
const PLAYWRIGHT_SECTIONS = ['browser', 'server', 'capabilities', 'network', 'timeouts', 'console', 'snapshot', 'extension', 'remoteEndpoint'];

function isJson(text: string): boolean {
  try { JSON.parse(text); return true; } catch { return false; }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Headers as --cdp-header takes them: "Name: value", one each. */
const headerFlags = (headers: Record<string, unknown>) => Object.entries(headers).map(([name, v]) => `${name}: ${v}`);

export function readConfigFile(path: string): ConfigFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`Cannot read config file ${path}: ${(error as Error).message}. Check the path given to --config.`);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let json: unknown;
  try {
    // As Playwright MCP: a .ini file, or any file that is not JSON and does not look like it, is INI.
    json = path.endsWith('.ini') || (!/^\s*[{[]/.test(text) && !isJson(text)) ? iniToConfigObject(text) : JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`Cannot read config file ${path}: ${(error as Error).message} Pass a JSON object (option names such as {"headed": true}, or Playwright MCP's format {"browser": {...}}) or an INI file of Playwright MCP's dotted keys (browser.isolated = true).`);
  }
  if (!isObject(json)) throw new ConfigError(`Config file ${path}: expected a JSON object, e.g. {"headed": true}.`);
  const playwright = PLAYWRIGHT_SECTIONS.some(key => key in json);
  return playwright ? fromPlaywrightFormat(path, json) : fromFlatFormat(path, json);
}

function fromFlatFormat(path: string, json: Record<string, unknown>): ConfigFile {
  const entries: FileEntry[] = [];
  for (const [key, value] of Object.entries(json)) {
    const spec = findSpec(key);
    if (!spec) throw new ConfigError(`Config file ${path}: unknown key "${key}". Valid keys: ${[...new Set(OPTIONS.map(o => camel(o.flag)))].join(', ')}.`);
    entries.push({ spec, value: relativeTo(path, spec, value), where: `${path}: "${key}"` });
  }
  return { entries, contextOptions: {}, launchOptions: {} };
}

/** initScript/initPage paths in a file are relative to the file (as in Playwright MCP). */
function relativeTo(path: string, spec: OptionSpec, value: unknown): unknown {
  if (spec.key !== 'initScript' && spec.key !== 'initPage') return value;
  const list = Array.isArray(value) ? value : [value];
  return list.map(p => resolve(dirname(resolve(path)), String(p)));
}

/** Where each key of Playwright MCP's format goes: an option (by flag) or a handler. */
type Target = string | ((value: unknown, out: Builder) => void);

interface Builder {
  set(flag: string, value: unknown, key: string): void;
  /** Connect headers from several keys add up; `under` ones lose to the others on the same name. */
  headers(value: Record<string, unknown>, key: string, under?: boolean): void;
  file: ConfigFile;
}

const PLAYWRIGHT_KEYS: Record<string, Target | Record<string, Target>> = {
  browser: {
    browserName: 'browser',
    isolated: 'isolated',
    userDataDir: 'user-data-dir',
    cdpEndpoint: 'cdp-endpoint',
    cdpHeaders: (value, out) => {
      if (!isObject(value)) throw new ConfigError(`"browser.cdpHeaders": expected an object of header names to values.`);
      out.headers(value, 'browser.cdpHeaders');
    },
    cdpTimeout: 'cdp-timeout',
    remoteEndpoint: (value, out) => {
      // A URL, or Playwright's ConnectOptions with the URL as "endpoint" (or "wsEndpoint").
      const endpoint = isObject(value) ? value.endpoint ?? value.wsEndpoint : value;
      if (typeof endpoint !== 'string') throw new ConfigError('"browser.remoteEndpoint": expected a ws:// URL, or { "endpoint": "ws://...", "headers": {...} }.');
      out.set('endpoint', endpoint, 'browser.remoteEndpoint');
      if (isObject(value) && isObject(value.headers)) out.headers(value.headers, 'browser.remoteEndpoint.headers');
    },
    // Older Playwright MCP configs: headers for remoteEndpoint, kept for back-compat; remoteEndpoint.headers win, as there.
    remoteHeaders: (value, out) => {
      if (!isObject(value)) throw new ConfigError('"browser.remoteHeaders": expected an object of header names to values.');
      out.headers(value, 'browser.remoteHeaders', true);
    },
    initPage: 'init-page',
    initScript: 'init-script',
    launchOptions: (value, out) => {
      if (!isObject(value)) throw new ConfigError('"browser.launchOptions": expected an object of Playwright launch options.');
      const { headless, executablePath, args, channel, ...rest } = value;
      if (headless !== undefined) out.set('headless', headless, 'browser.launchOptions.headless');
      if (executablePath !== undefined) out.set('executable-path', executablePath, 'browser.launchOptions.executablePath');
      if (args !== undefined) out.set('browser-arg', args, 'browser.launchOptions.args');
      if (channel !== undefined) out.set('browser', channel, 'browser.launchOptions.channel');
      Object.assign(out.file.launchOptions, rest);
    },
    contextOptions: (value, out) => {
      if (!isObject(value)) throw new ConfigError('"browser.contextOptions": expected an object of Playwright context options.');
      Object.assign(out.file.contextOptions, value);
    },
  },
  extension: 'extension',
  server: { port: 'port', host: 'host', allowedHosts: 'allowed-hosts' },
  capabilities: 'caps',
  saveSession: 'save-session',
  webmcp: 'webmcp',
  sharedBrowserContext: 'shared-browser-context',
  secrets: (value, out) => {
    if (!isObject(value)) throw new ConfigError('"secrets": expected an object of secret names to values.');
    out.set('secrets', value, 'secrets');
  },
  outputDir: 'output-dir',
  outputMaxSize: 'output-max-size',
  console: { level: 'console-level' },
  network: { allowedOrigins: 'allowed-origins', blockedOrigins: 'blocked-origins' },
  testIdAttribute: 'test-id-attribute',
  timeouts: { action: 'timeout-action', navigation: 'timeout-navigation', settle: 'timeout-settle', idle: 'idle-timeout', expect: () => {} },
  imageResponses: 'image-responses',
  filePaths: 'file-paths',
  snapshot: { mode: 'snapshot-mode', boxes: 'snapshot-boxes' },
  allowUnrestrictedFileAccess: 'allow-unrestricted-file-access',
  codegen: 'codegen',
};

function fromPlaywrightFormat(path: string, json: Record<string, unknown>): ConfigFile {
  const file: ConfigFile = { entries: [], contextOptions: {}, launchOptions: {} };
  const out: Builder = {
    file,
    set(flag, value, key) {
      const spec = OPTIONS.find(o => o.flag === flag)!;
      // "secrets" arrives as an object of values here, not as the path of a dotenv file.
      file.entries.push({ spec, value: relativeTo(path, spec, value), where: `${path}: "${key}"` });
    },
    headers(value, key, under = false) {
      const earlier = file.entries.find(e => e.spec.key === 'cdpHeaders');
      if (!earlier) return out.set('cdp-header', headerFlags(value), key);
      // Later "Name: value" lines win in config.ts, so the losing side goes first.
      earlier.value = under ? [...headerFlags(value), ...(earlier.value as string[])] : [...(earlier.value as string[]), ...headerFlags(value)];
    },
  };
  const visit = (table: Record<string, Target | Record<string, Target>>, object: Record<string, unknown>, prefix: string) => {
    for (const [key, value] of Object.entries(object)) {
      const name = prefix + key;
      const target = table[key];
      if (target === undefined)
        throw new ConfigError(`Config file ${path}: unknown key "${name}" in Playwright MCP's format. Known keys${prefix ? ` of "${prefix.slice(0, -1)}"` : ''}: ${Object.keys(table).join(', ')}.`);
      if (value === undefined || value === null) continue;
      try {
        if (typeof target === 'string') out.set(target, value, name);
        else if (typeof target === 'function') target(value, out);
        else if (!isObject(value)) throw new ConfigError(`"${name}": expected an object with ${Object.keys(target).join(', ')}.`);
        else visit(target, value, name + '.');
      } catch (error) {
        if (error instanceof ConfigError && !error.message.startsWith('Config file')) throw new ConfigError(`Config file ${path}: ${error.message}`);
        throw error;
      }
    }
  };
  visit(PLAYWRIGHT_KEYS, json, '');
  return file;
}
