// The one table of server options. Each entry is a command-line flag, an ARIAREF_* environment
// variable, a key of a flat JSON config file and a line of --help. Flags named like Playwright
// MCP 0.0.83's keep its meaning, so `npx ariaref mcp` is a drop-in for `npx @playwright/mcp`.
import { TOOL_GROUPS, TOOL_GROUP_ALIASES } from '../tools/index.js';

/**
 * boolean: --flag / --no-flag; string, number; list: comma or semicolon separated (repeating
 * the flag adds to it); multi: one value per occurrence, never split (paths, headers).
 * variadic: like Playwright MCP's `<x...>`, the flag also takes the arguments after it up to
 * the next option.
 */
export type Kind = 'boolean' | 'string' | 'number' | 'list' | 'multi';

export interface OptionSpec {
  flag: string;
  /** Field of the flat (not yet checked) configuration; aliases share one. */
  key: string;
  kind: Kind;
  help: string;
  arg?: string;
  values?: readonly string[];
  variadic?: boolean;
  /** Environment variable, when not ARIAREF_<FLAG>. */
  env?: string;
  /** A boolean that sets its key to the opposite (--headed sets headless: false). */
  invert?: boolean;
}

/** The capability groups, as Playwright MCP names them (driver/tools/config.ts). */
export const AVAILABLE_CAPS: string[] = [...TOOL_GROUPS];

/** The group a --caps name turns on: a group's own name, or an alias (tracing = devtools); undefined when unknown. */
export function capabilityGroup(name: string): string | undefined {
  return AVAILABLE_CAPS.includes(name) ? name : TOOL_GROUP_ALIASES[name];
}

export const CHROMIUM_BROWSERS = ['chromium', 'chrome', 'chrome-beta', 'chrome-dev', 'chrome-canary', 'chrome-for-testing'] as const;

export const OPTIONS: OptionSpec[] = [
  // ---- the browser ----
  // ARIAREF_BROWSER already names the browser executable (see findBrowser).
  { flag: 'browser', key: 'browser', kind: 'string', env: 'ARIAREF_BROWSER_CHANNEL', arg: 'browser', help: `Browser or Chrome channel: ${CHROMIUM_BROWSERS.join(', ')} (all run the Chromium/Chrome that ariaref finds, or --executable-path). firefox, webkit and msedge are refused: ariaref drives Chromium only.` },
  { flag: 'headed', key: 'headless', kind: 'boolean', invert: true, help: 'Show the browser window.' },
  { flag: 'headless', key: 'headless', kind: 'boolean', help: 'Run the browser headless. ariaref defaults to headless (Playwright MCP defaults to headed); --headed shows the window.' },
  { flag: 'executable-path', key: 'executablePath', kind: 'string', arg: 'path', help: 'Chromium/Chrome binary to launch (default: ARIAREF_BROWSER, Playwright\'s Chromium, then system Chrome/Chromium).' },
  { flag: 'sandbox', key: 'sandbox', kind: 'boolean', help: 'Enable the Chromium sandbox (--no-sandbox disables it; default off, as in Playwright).' },
  { flag: 'browser-arg', key: 'browserArgs', kind: 'list', arg: 'list', help: 'Extra browser command-line arguments, comma separated.' },
  { flag: 'proxy-server', key: 'proxyServer', kind: 'string', arg: 'proxy', help: 'Proxy server, e.g. "http://myproxy:3128" or "socks5://myproxy:8080".' },
  { flag: 'proxy-bypass', key: 'proxyBypass', kind: 'string', arg: 'bypass', help: 'Comma-separated domains that bypass the proxy, e.g. ".com,chromium.org,.domain.com".' },
  { flag: 'connect', key: 'connect', kind: 'string', arg: 'url', help: 'Connect to a running browser instead of launching: a DevTools endpoint (http://host:9222 or ws://.../devtools/browser/...) or a Playwright server (ws://...).' },
  { flag: 'cdp-endpoint', key: 'connect', kind: 'string', arg: 'endpoint', help: 'DevTools endpoint to connect to (same as --connect).' },
  { flag: 'endpoint', key: 'connect', kind: 'string', arg: 'endpoint', help: 'Playwright server (ws://) endpoint to connect to (same as --connect), or the name of a browser bound with Playwright\'s browser.bind(name), e.g. "default".' },
  { flag: 'cdp-header', key: 'cdpHeaders', kind: 'multi', variadic: true, arg: 'headers...', help: 'Header sent with the connect request, "Name: value"; repeat for more.' },
  { flag: 'remote-header', key: 'cdpHeaders', kind: 'multi', variadic: true, arg: 'headers...', help: 'Header sent with the connect request to --endpoint, "Name: value" (Playwright MCP\'s hidden flag; same as --cdp-header).' },
  { flag: 'cdp-timeout', key: 'cdpTimeout', kind: 'number', arg: 'ms', help: 'Timeout for connecting to the browser in milliseconds (default 30000).' },
  { flag: 'extension', key: 'extension', kind: 'boolean', help: 'Playwright MCP\'s browser extension: not supported; refused at start with what to use instead (--cdp-endpoint).' },
  { flag: 'profile-dir-name', key: 'profileDirName', kind: 'string', arg: 'name', help: 'Profile directory for --extension (accepted and stored; --extension itself is not supported).' },
  // ---- the profile and the context ----
  { flag: 'isolated', key: 'isolated', kind: 'boolean', help: 'Keep the browser profile in memory (ariaref\'s default without --user-data-dir).' },
  { flag: 'user-data-dir', key: 'userDataDir', kind: 'string', arg: 'dir', help: 'Persistent profile directory (cookies and storage survive restarts; shared by all sessions).' },
  { flag: 'storage-state', key: 'storageState', kind: 'string', arg: 'path', help: 'Storage state file (cookies, localStorage; Playwright\'s storageState JSON) loaded into every new isolated context (a --user-data-dir profile keeps its own).' },
  { flag: 'shared-browser-context', key: 'sharedBrowserContext', kind: 'boolean', help: 'Give every HTTP client the same browser context (default: one isolated context each).' },
  { flag: 'device', key: 'device', kind: 'string', arg: 'device', help: 'Device to emulate, a Playwright device name such as "iPhone 15" or "Pixel 7".' },
  { flag: 'mobile', key: 'mobile', kind: 'boolean', help: 'Emulate a generic mobile device (Pixel 10). Cannot be combined with --device.' },
  { flag: 'viewport', key: 'viewport', kind: 'string', arg: 'WxH', help: 'Viewport size, e.g. 1280x720.' },
  { flag: 'viewport-size', key: 'viewport', kind: 'string', arg: 'size', help: 'Viewport size, e.g. "1280x720" (same as --viewport).' },
  { flag: 'user-agent', key: 'userAgent', kind: 'string', arg: 'ua string', help: 'User agent string.' },
  { flag: 'ignore-https-errors', key: 'ignoreHttpsErrors', kind: 'boolean', help: 'Ignore HTTPS errors (self-signed and invalid certificates).' },
  { flag: 'grant-permissions', key: 'grantPermissions', kind: 'list', variadic: true, arg: 'permissions...', help: 'Permissions granted to every context, e.g. "geolocation", "clipboard-read", "clipboard-write".' },
  { flag: 'block-service-workers', key: 'blockServiceWorkers', kind: 'boolean', help: 'Block service workers.' },
  { flag: 'init-script', key: 'initScript', kind: 'multi', variadic: true, arg: 'path...', help: 'JavaScript file added to every context as an init script: it runs in every page before the page\'s scripts. Repeat for more.' },
  { flag: 'init-page', key: 'initPage', kind: 'multi', variadic: true, arg: 'path...', help: 'Module (TypeScript or JavaScript) whose default export is called with { page } for every new page. Repeat for more.' },
  { flag: 'test-id-attribute', key: 'testIdAttribute', kind: 'string', arg: 'attribute', help: 'Attribute used for test ids (default "data-testid").' },
  // ---- what the browser may reach ----
  { flag: 'allowed-origins', key: 'allowedOrigins', kind: 'list', arg: 'origins', help: 'Only these origins may load (navigations and subresources), separated by ";" (or ",").' },
  { flag: 'blocked-origins', key: 'blockedOrigins', kind: 'list', arg: 'origins', help: 'These origins never load, separated by ";" (or ","); checked before --allowed-origins.' },
  { flag: 'allow-file-access', key: 'allowFileAccess', kind: 'boolean', help: 'Let uploads and saved files use any path, not only the client roots and the output directory.' },
  { flag: 'allow-unrestricted-file-access', key: 'allowFileAccess', kind: 'boolean', help: 'Same as --allow-file-access.' },
  // ---- tools and responses ----
  { flag: 'caps', key: 'caps', kind: 'list', arg: 'caps', help: 'Extra tool groups, comma separated: vision (coordinate mouse), pdf, storage (cookies, web storage, storage state), network (routes, offline), testing (verify, generate_locator), devtools (tracing, video, highlight; also named tracing), config (get_config). Naming a core group (core, core-input, core-navigation) also lists its skill-only tools.' },
  { flag: 'vision', key: 'vision', kind: 'boolean', help: 'Legacy Playwright MCP flag: same as --caps vision.' },
  { flag: 'evaluate', key: 'evaluate', kind: 'boolean', help: 'Allow browser_evaluate and every tool that runs code (default on; --no-evaluate switches them off).' },
  { flag: 'webmcp', key: 'webmcp', kind: 'boolean', help: 'Collect and expose tools pages register through WebMCP (--no-webmcp: do not; accepted and stored).' },
  { flag: 'snapshot-max-tokens', key: 'snapshotMaxTokens', kind: 'number', arg: 'n', help: 'Token budget (characters/4) of a snapshot; larger pages fold runs of similar rows and deep regions into lines that say how to page on (default 8000, 0 = no limit).' },
  { flag: 'snapshot-mode', key: 'snapshotMode', kind: 'string', values: ['diff', 'full', 'file', 'none'], arg: 'mode', help: 'Snapshot after actions: "diff" (default: only what changed since the previous snapshot of the same page, with refs; removed nodes marked), "full", "file" (written to a file the response links, as Playwright MCP does) or "none".' },
  { flag: 'snapshot-boxes', key: 'snapshotBoxes', kind: 'boolean', help: 'Include each element\'s bounding box as [box=x,y,width,height] in snapshots.' },
  { flag: 'image-responses', key: 'imageResponses', kind: 'string', values: ['allow', 'omit', 'only'], arg: 'mode', help: 'Send image responses to the client: "allow" (default), "omit" (no images), or "only" (a response with images carries only them, no text).' },
  { flag: 'console-level', key: 'consoleLevel', kind: 'string', values: ['error', 'warning', 'info', 'debug'], arg: 'level', help: 'Console messages each response reports: "error", "warning", "info" or "debug", each with the more severe ones (default: errors and warnings).' },
  { flag: 'codegen', key: 'codegen', kind: 'string', values: ['typescript', 'python', 'java', 'csharp', 'none'], arg: 'lang', help: 'Language of generated code: typescript (default), python, java, csharp or none.' },
  { flag: 'secrets', key: 'secrets', kind: 'string', arg: 'path', help: 'File of secrets in dotenv format (NAME=value), read at start (their values never appear in responses; type one by passing its name).' },
  { flag: 'file-paths', key: 'filePaths', kind: 'string', values: ['relative', 'absolute'], arg: 'mode', help: 'How file paths appear in results: "relative" to the workspace root (default) or "absolute" (stored).' },
  { flag: 'beforeunload', key: 'beforeUnload', kind: 'string', values: ['accept', 'dismiss', 'ask'], arg: 'policy', help: 'Answer to a page\'s "leave this page?" prompt: "accept" (default: leaving never blocks), "dismiss" (stay on the page) or "ask" (report it as a modal state for browser_handle_dialog).' },
  // ---- files, timeouts, the session ----
  { flag: 'output-dir', key: 'outputDir', kind: 'string', arg: 'dir', help: 'Where screenshots, PDFs and downloads are saved (default: <tmp>/ariaref-output).' },
  { flag: 'output-max-size', key: 'outputMaxSize', kind: 'number', arg: 'bytes', help: 'Threshold for evicting old output files, in bytes: after each tool call the oldest files of the output directory are deleted until it fits.' },
  { flag: 'save-session', key: 'saveSession', kind: 'boolean', help: 'Save the session (each tool call and its result) into <output-dir>/session-<time>/session.md.' },
  { flag: 'timeout-action', key: 'actionTimeoutMs', kind: 'number', arg: 'ms', help: 'Action timeout in milliseconds (default 5000).' },
  { flag: 'timeout-navigation', key: 'navigationTimeoutMs', kind: 'number', arg: 'ms', help: 'Navigation timeout in milliseconds (default 60000).' },
  { flag: 'timeout-settle', key: 'settleTimeoutMs', kind: 'number', arg: 'ms', help: 'Longest wait after an action for the work it started to settle, in milliseconds (default 3000; the wait ends sooner once the page is quiet).' },
  { flag: 'idle-timeout', key: 'idleTimeoutMs', kind: 'number', arg: 'ms', help: 'Close the browser after this many milliseconds without a tool call; the next call relaunches it (default and 0: never).' },
  // ---- the server ----
  { flag: 'port', key: 'port', kind: 'number', arg: 'port', help: 'Serve Streamable HTTP on this port (at /mcp) instead of stdio.' },
  { flag: 'host', key: 'host', kind: 'string', arg: 'host', help: 'Interface the HTTP server binds to (default 127.0.0.1; 0.0.0.0 for all).' },
  { flag: 'allowed-hosts', key: 'allowedHosts', kind: 'list', variadic: true, arg: 'hosts...', help: 'Host headers accepted over HTTP besides localhost/127.0.0.1/[::1] (DNS rebinding guard), comma separated; "*" accepts any.' },
];

export class ConfigError extends Error {}

export const envName = (spec: OptionSpec) => spec.env ?? 'ARIAREF_' + spec.flag.toUpperCase().replace(/-/g, '_');

/** Flags that are Playwright MCP's (ours only: headed, connect, viewport, browser-arg, evaluate, allow-file-access, snapshot-max-tokens, beforeunload). */
const OURS_ONLY = new Set(['headed', 'connect', 'viewport', 'browser-arg', 'evaluate', 'allow-file-access', 'snapshot-max-tokens', 'beforeunload']);
const PLAYWRIGHT_ENV_EXCEPTIONS: Record<string, string> = { 'cdp-header': 'PLAYWRIGHT_MCP_CDP_HEADERS', secrets: 'PLAYWRIGHT_MCP_SECRETS_FILE' };

/** Playwright MCP's environment variable for the same option (read below ARIAREF_*), if it has one. */
export function playwrightEnvName(spec: OptionSpec): string | undefined {
  if (OURS_ONLY.has(spec.flag)) return undefined;
  return PLAYWRIGHT_ENV_EXCEPTIONS[spec.flag] ?? 'PLAYWRIGHT_MCP_' + spec.flag.toUpperCase().replace(/-/g, '_');
}
export const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

export function findSpec(name: string): OptionSpec | undefined {
  return OPTIONS.find(o => o.flag === name || camel(o.flag) === name) ?? OPTIONS.find(o => o.key === name);
}

export const splitList = (text: string) => text.split(/[,;]/).map(s => s.trim()).filter(Boolean);

/** A value as its kind wants it; `where` names the flag, variable or key in the error. */
export function convert(spec: OptionSpec, raw: unknown, where: string): unknown {
  if (spec.kind === 'boolean') {
    let b: boolean | undefined;
    if (typeof raw === 'boolean') b = raw;
    else if (raw === 'true' || raw === '1' || raw === '') b = true;
    else if (raw === 'false' || raw === '0') b = false;
    if (b !== undefined) return spec.invert ? !b : b;
    throw new ConfigError(`${where}: expected true or false, got "${raw}".`);
  }
  if (spec.kind === 'number') {
    const n = typeof raw === 'number' ? raw : Number(raw);
    if (raw === '' || !Number.isFinite(n) || n < 0) throw new ConfigError(`${where}: expected a non-negative number, got "${raw}".`);
    return n;
  }
  if (spec.kind === 'list' || spec.kind === 'multi') {
    // An array (JSON file, or what the command line collected) is taken item by item, as given.
    if (Array.isArray(raw)) return raw.map(String);
    return spec.kind === 'multi' ? [String(raw)] : splitList(String(raw));
  }
  if (typeof raw === 'object' && raw !== null) throw new ConfigError(`${where}: expected a string, got ${JSON.stringify(raw)}.`);
  const text = String(raw);
  if (spec.values && !spec.values.includes(text))
    throw new ConfigError(`${where}: expected ${spec.values.map(v => `"${v}"`).join(', ')}, got "${text}".`);
  return text;
}
