// The devtools and config tools' answers: trace, video and recording results, the debugger's
// state, the refusals with their next step, and the effective configuration in Playwright MCP's
// shape with every credential replaced.
import { DevtoolsError, isCdpEndpoint, type DevtoolsErrorKind, type ResumeOutcome } from '../../index.js';
import type { SessionConfig } from '../config.js';
import { fileLink } from './sections.js';

const NEXT_STEP: Record<DevtoolsErrorKind, string> = {
  'tracing-not-started': 'Tracing is not started. Call browser_start_tracing first.',
  'tracing-already-started': 'Tracing is already started. Call browser_stop_tracing to save the current trace first.',
  'video-already-started': 'Video recording has already been started. Call browser_stop_video to save it first.',
  'video-needs-ffmpeg': 'Video recording needs Playwright\'s ffmpeg, which is not installed: run `npx playwright install ffmpeg`, then call browser_start_video again.',
  'recording-already-started': 'Recording is already in progress. Call browser_stop_recording to retrieve the recorded actions.',
  'recording-unsupported': 'Recording requires a newer version of Playwright, please upgrade.',
  'not-paused': 'No script is paused, so there is nothing to resume. browser_resume continues a script stopped by page.pause() or at a breakpoint.',
  'bad-location': '',
};

/** Runs a devtools step; its refusals come back worded with what to do next. */
export async function explainDevtools<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof DevtoolsError) throw new Error(NEXT_STEP[error.kind] || error.message);
    throw error;
  }
}

export const NO_PAGE = 'No page is open yet. Open one with browser_navigate first.';

export function traceStarted(): string {
  return 'Trace recording started. Call browser_stop_tracing to save it.';
}

export function traceStopped(path: string): string {
  return ['Trace recording stopped.', fileLink('Trace', path), `Open it with \`npx playwright show-trace ${path}\`.`].join('\n');
}

export function videosStopped(paths: string[]): string {
  if (!paths.length) return 'No videos were recorded.';
  return paths.map(path => fileLink('Video', path)).join('\n');
}

export function recordingStarted(): string {
  return 'Recording started. Call browser_stop_recording to retrieve the recorded actions.';
}

export function recordingStopped(actions: string[] | undefined, language: SessionConfig['codegen']): string {
  if (!actions) throw new Error('No recording in progress, use browser_start_recording to start one.');
  if (!actions.length) return 'Recording stopped. No actions were recorded.';
  const fence = language === 'typescript' || language === 'none' ? 'js' : language;
  return `Recording stopped. Recorded actions:\n\n\`\`\`${fence}\n${actions.join('\n')}\n\`\`\``;
}

export function resumed(outcome: ResumeOutcome, waitMs: number): string {
  if (outcome.state === 'paused') {
    const { title, file, line } = outcome.at;
    return `Paused again before ${title} at ${file}${line ? `:${line}` : ''}.`;
  }
  if (outcome.state === 'closed') return 'Resumed; the script ended and closed the browser context.';
  return `Resumed; the script has not paused again within ${Math.round(waitMs / 1000)}s.`;
}

export const ANNOTATE_UNAVAILABLE = 'browser_annotate needs Playwright\'s Dashboard, where a person draws on the page; ariaref has none. '
  + 'Take a screenshot with browser_take_screenshot and ask the user to describe the areas, or to show them with browser_start_recording.';

// ---- browser_get_config ----

const HIDDEN = '<redacted>';
const SECRET_KEY = /pass(word)?|secret|token|api[-_]?key|auth|cookie|credential|session/i;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A URL with its password and credential-like query values replaced; other text unchanged. */
function scrubUrl(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)([^\s/@:]*):([^\s/@]*)@/gi, (_m, scheme, user) => `${scheme}${user}:${HIDDEN}@`)
    .replace(/([?&][^=&#\s]*(?:token|key|secret|auth|pass)[^=&#\s]*=)[^&#\s]*/gi, `$1${HIDDEN}`);
}

/** Every value under a credential-like key, every header value and URL password replaced. */
function scrub(value: unknown, key = '', inHeaders = false): Json | undefined {
  if (value === undefined || typeof value === 'function') return undefined;
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return value as Json;
  if (typeof value === 'string') return inHeaders || SECRET_KEY.test(key) ? HIDDEN : scrubUrl(value);
  if (key === 'storageState') return HIDDEN;
  if (Array.isArray(value)) return value.map(item => scrub(item, key, inHeaders) ?? null);
  const out: Record<string, Json> = {};
  const headers = inHeaders || /headers$|^env$/i.test(key);
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const scrubbed = scrub(v, k, headers);
    if (scrubbed !== undefined) out[k] = scrubbed;
  }
  return out;
}

/** Drops empty objects and undefined, so the answer shows what is set, as Playwright MCP's does. */
function compact<T extends Record<string, unknown>>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined && !(typeof v === 'object' && v && !Array.isArray(v) && !Object.keys(v).length))) as T;
}

/** The effective configuration, in Playwright MCP's config shape, with ariaref's own settings beside it. */
export function formatConfig(config: SessionConfig & { port?: number; host?: string; allowedHosts?: string[] }): string {
  const { contextOptions = {}, launchOptions = {} } = config;
  const connect = config.connect;
  const cdp = connect && isCdpEndpoint(connect);
  const browser = compact({
    browserName: 'chromium',
    launchOptions: compact({ ...launchOptions, executablePath: config.executablePath, headless: config.headless, args: config.browserArgs.length ? config.browserArgs : undefined }),
    contextOptions: compact({ viewport: config.viewport, ...contextOptions }),
    cdpEndpoint: cdp ? connect : undefined,
    remoteEndpoint: connect && !cdp ? connect : undefined,
    cdpHeaders: config.connectHeaders,
    cdpTimeout: config.connectTimeoutMs,
    // In memory unless a profile directory is given (ariaref's default, Playwright MCP's --isolated).
    isolated: connect ? undefined : !config.userDataDir,
    userDataDir: config.userDataDir,
    profileDirName: config.profileDirName,
    initPage: config.initPages.length ? config.initPages : undefined,
    initScript: config.initScripts?.length ? config.initScripts : undefined,
    sharedBrowserContext: config.sharedContext,
  });
  // Sections stay even when empty, as in Playwright MCP's answer; unset values are left out.
  const view = {
    browser,
    codegen: config.codegen,
    timeouts: compact({ action: config.actionTimeoutMs, navigation: config.navigationTimeoutMs, settle: config.settleTimeoutMs }),
    console: { level: config.consoleLevel },
    network: compact({ allowedOrigins: config.allowedOrigins.length ? config.allowedOrigins : undefined, blockedOrigins: config.blockedOrigins.length ? config.blockedOrigins : undefined }),
    server: compact({ port: config.port, host: config.host, allowedHosts: config.allowedHosts?.length ? config.allowedHosts : undefined }),
    snapshot: { mode: config.snapshotMode, maxTokens: config.snapshotMaxTokens, boxes: config.snapshotBoxes },
    capabilities: config.caps,
    allowUnrestrictedFileAccess: config.allowFileAccess,
    saveSession: config.saveSession,
    secrets: Object.fromEntries(Object.keys(config.secrets).map(name => [name, `<secret>${name}</secret>`])),
    outputDir: config.outputDir,
    outputMaxSize: config.outputMaxSize,
    imageResponses: config.imageResponses,
    testIdAttribute: config.testIdAttribute,
    filePaths: config.filePaths,
    idleTimeout: config.idleTimeoutMs,
    evaluate: config.evaluate,
    beforeUnload: config.beforeUnload,
    webmcp: config.webmcp,
  };
  // Secret names are kept (agents type them); scrub would hide the placeholders too.
  const { secrets, ...rest } = view;
  return JSON.stringify({ ...(scrub(rest) as Record<string, Json>), secrets }, null, 2);
}
