// Debug lines on stderr when DEBUG names their channel (the `debug` package's convention that
// Playwright MCP follows): `pw:mcp:test` for sessions, contexts and browsers as they come and go,
// `pw:mcp:backend` for a browser that went away, in Playwright MCP's words, so scripts and tests
// that watch its lifecycle watch ours unchanged. Off by default.
import { escapeRegExp } from './errors.js';

const CHANNEL = 'pw:mcp:test';

const cache = new Map<string, { env: string | undefined; on: boolean }>();

/** Whether DEBUG enables `name`: comma/space separated patterns, `*` wildcards, `-` excludes. */
export function debugEnabled(name: string, env = process.env.DEBUG): boolean {
  let on = false;
  for (const pattern of (env ?? '').split(/[\s,]+/).filter(Boolean)) {
    const exclude = pattern.startsWith('-');
    const glob = exclude ? pattern.slice(1) : pattern;
    const regex = new RegExp(`^${escapeRegExp(glob).replace(/\\\*/g, '.*?')}$`);
    if (!regex.test(name)) continue;
    if (exclude) return false;
    on = true;
  }
  return on;
}

/** One line on a Playwright MCP debug channel (`pw:mcp:backend`, ...), when DEBUG asks for it. */
export function debugLog(channel: string, message: string): void {
  const env = process.env.DEBUG;
  let state = cache.get(channel);
  if (!state || state.env !== env) cache.set(channel, state = { env, on: debugEnabled(channel, env) });
  if (!state.on) return;
  const date = process.env.DEBUG_HIDE_DATE ? '' : `${new Date().toISOString()} `;
  try {
    process.stderr.write(`${date}${channel} ${message}\n`);
  } catch { /* stderr closed: nobody is listening */ }
}

/** One lifecycle line (`create context`, `close browser`, ...), when DEBUG asks for it. */
export function lifecycleLog(message: string): void {
  debugLog(CHANNEL, message);
}
