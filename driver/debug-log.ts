// Lifecycle lines on stderr when DEBUG names `pw:mcp:test` (the `debug` package's convention that
// Playwright MCP follows): sessions, contexts and browsers as they come and go, in Playwright MCP's
// words, so scripts and tests that watch its lifecycle watch ours unchanged. Off by default.
const CHANNEL = 'pw:mcp:test';

let cached: { env: string | undefined; on: boolean } | undefined;

/** Whether DEBUG enables `name`: comma/space separated patterns, `*` wildcards, `-` excludes. */
export function debugEnabled(name: string, env = process.env.DEBUG): boolean {
  let on = false;
  for (const pattern of (env ?? '').split(/[\s,]+/).filter(Boolean)) {
    const exclude = pattern.startsWith('-');
    const glob = exclude ? pattern.slice(1) : pattern;
    const regex = new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*?')}$`);
    if (!regex.test(name)) continue;
    if (exclude) return false;
    on = true;
  }
  return on;
}

/** One lifecycle line (`create context`, `close browser`, ...), when DEBUG asks for it. */
export function lifecycleLog(message: string): void {
  const env = process.env.DEBUG;
  if (!cached || cached.env !== env) cached = { env, on: debugEnabled(CHANNEL, env) };
  if (!cached.on) return;
  const date = process.env.DEBUG_HIDE_DATE ? '' : `${new Date().toISOString()} `;
  try {
    process.stderr.write(`${date}${CHANNEL} ${message}\n`);
  } catch { /* stderr closed: nobody is listening */ }
}
