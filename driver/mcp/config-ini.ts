// Playwright MCP's INI config files: `browser.contextOptions.viewport = 640x480`, one dotted path
// of its JSON format per line (or [sections]). Each value gets the type that path has in the JSON
// format, as Playwright MCP reads it, and the result goes through the same reader as a JSON file.
import { parse } from 'ini';

type IniType = 'string' | 'number' | 'boolean' | 'string[]' | 'size';

/** The typed paths of Playwright MCP's format; other paths keep what the INI reader gives (numbers become numbers). */
const PATH_TYPES: Record<string, IniType> = {
  'browser.browserName': 'string', 'browser.isolated': 'boolean', 'browser.userDataDir': 'string',
  'browser.cdpEndpoint': 'string', 'browser.cdpTimeout': 'number', 'browser.remoteEndpoint': 'string',
  'browser.initPage': 'string[]', 'browser.initScript': 'string[]',
  'browser.launchOptions.channel': 'string', 'browser.launchOptions.headless': 'boolean',
  'browser.launchOptions.executablePath': 'string', 'browser.launchOptions.chromiumSandbox': 'boolean',
  'browser.launchOptions.args': 'string[]', 'browser.launchOptions.downloadsPath': 'string',
  'browser.launchOptions.handleSIGHUP': 'boolean', 'browser.launchOptions.handleSIGINT': 'boolean',
  'browser.launchOptions.handleSIGTERM': 'boolean', 'browser.launchOptions.slowMo': 'number',
  'browser.launchOptions.timeout': 'number', 'browser.launchOptions.tracesDir': 'string',
  'browser.launchOptions.proxy.server': 'string', 'browser.launchOptions.proxy.bypass': 'string',
  'browser.launchOptions.proxy.username': 'string', 'browser.launchOptions.proxy.password': 'string',
  'browser.contextOptions.acceptDownloads': 'boolean', 'browser.contextOptions.baseURL': 'string',
  'browser.contextOptions.bypassCSP': 'boolean', 'browser.contextOptions.colorScheme': 'string',
  'browser.contextOptions.contrast': 'string', 'browser.contextOptions.deviceScaleFactor': 'number',
  'browser.contextOptions.forcedColors': 'string', 'browser.contextOptions.hasTouch': 'boolean',
  'browser.contextOptions.ignoreHTTPSErrors': 'boolean', 'browser.contextOptions.isMobile': 'boolean',
  'browser.contextOptions.javaScriptEnabled': 'boolean', 'browser.contextOptions.locale': 'string',
  'browser.contextOptions.offline': 'boolean', 'browser.contextOptions.permissions': 'string[]',
  'browser.contextOptions.reducedMotion': 'string', 'browser.contextOptions.screen': 'size',
  'browser.contextOptions.serviceWorkers': 'string', 'browser.contextOptions.storageState': 'string',
  'browser.contextOptions.strictSelectors': 'boolean', 'browser.contextOptions.timezoneId': 'string',
  'browser.contextOptions.userAgent': 'string', 'browser.contextOptions.viewport': 'size',
  'extension': 'boolean', 'capabilities': 'string[]', 'saveSession': 'boolean', 'saveVideo': 'size',
  'sharedBrowserContext': 'boolean', 'outputDir': 'string', 'outputMaxSize': 'number',
  'imageResponses': 'string', 'filePaths': 'string', 'allowUnrestrictedFileAccess': 'boolean',
  'codegen': 'string', 'testIdAttribute': 'string',
  'server.port': 'number', 'server.host': 'string', 'server.allowedHosts': 'string[]',
  'console.level': 'string', 'network.allowedOrigins': 'string[]', 'network.blockedOrigins': 'string[]',
  'timeouts.action': 'number', 'timeouts.idle': 'number', 'timeouts.navigation': 'number', 'timeouts.settle': 'number',
  'snapshot.mode': 'string', 'snapshot.boxes': 'boolean',
};

/** An INI file's text as the nested object of Playwright MCP's JSON format. */
export function iniToConfigObject(text: string): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  // Indented lines are common in hand-written files; the INI reader wants [sections] at the line start.
  const dedented = text.split(/\r?\n/).map(line => line.trimStart()).join('\n');
  for (const [path, raw] of flatten(parse(dedented))) {
    const type = PATH_TYPES[path];
    const value = type ? coerce(raw, type, path) : untyped(raw);
    if (value !== undefined) setPath(config, path, value);
  }
  return config;
}

/** `[browser]` + `isolated = true` and `browser.isolated = true` both become "browser.isolated". */
function flatten(node: Record<string, unknown>, prefix = ''): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  for (const [key, value] of Object.entries(node)) {
    const path = prefix + key;
    if (value && typeof value === 'object' && !Array.isArray(value)) out.push(...flatten(value as Record<string, unknown>, path + '.'));
    else out.push([path, value]);
  }
  return out;
}

function coerce(value: unknown, type: IniType, path: string): unknown {
  switch (type) {
    case 'string': return String(value);
    case 'number': {
      const n = Number(value);
      if (Number.isNaN(n)) throw new Error(`"${path}" must be a number, got "${value}".`);
      return n;
    }
    case 'boolean': return value === true || value === 'true' || value === '1';
    case 'string[]': return Array.isArray(value) ? value.map(String) : [String(value)];
    case 'size': {
      const match = /^\s*(\d+)\s*x\s*(\d+)\s*$/.exec(String(value));
      if (!match || Number(match[1]) <= 0 || Number(match[2]) <= 0) throw new Error(`"${path}" must be WIDTHxHEIGHT, e.g. 1280x720; got "${value}".`);
      return { width: Number(match[1]), height: Number(match[2]) };
    }
  }
}

function untyped(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const n = Number(value.trim());
  return Number.isNaN(n) ? value : n;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (!node[part] || typeof node[part] !== 'object') node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]!] = value;
}
