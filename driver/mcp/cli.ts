// `ariaref mcp [options]`: parse the options, then serve stdio or (with --port) Streamable HTTP.
import { ConfigError, helpText, parseConfig } from './config.js';
import { serveStdio } from './stdio.js';
import { serveHttp } from './http.js';
import { keepRunningOnStrayErrors, packageVersion } from '../index.js';

// The shell CLI's daemon reads `ariaref open` options with the server's own parser.
export { parseConfig, ConfigError, helpText } from './config.js';

export const CONFIG_ERROR_EXIT_CODE = 1;

export async function runMcpCli(argv: string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseConfig(argv);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`ariaref mcp: ${error.message}\n`);
    // 1, as Playwright MCP exits on a bad option or config (scripts check for it).
    process.exitCode = CONFIG_ERROR_EXIT_CODE;
    return;
  }
  if (parsed.version) {
    process.stdout.write(`Version ${packageVersion()}\n`);
    return;
  }
  if (parsed.help) {
    process.stdout.write(helpText() + '\n');
    return;
  }
  const { config } = parsed;
  keepRunningOnStrayErrors(line => process.stderr.write(`ariaref mcp: ${line}\n`));
  if (config.port === undefined) {
    await serveStdio(config);
    return;
  }
  const server = await serveHttp(config);
  // stderr: stdout may be read by whoever started us. Playwright MCP's banner, so scripts that
  // wait for "Listening on http://..." work unchanged.
  const origin = server.url.replace(/\/mcp$/, '');
  process.stderr.write(`Listening on ${origin}\nPut this in your client config:\n` +
    `${JSON.stringify({ mcpServers: { ariaref: { url: server.url } } }, undefined, 2)}\n` +
    'For legacy SSE transport support, you can use the /sse endpoint instead.\n');
  const stop = () => { void server.close().finally(() => process.exit(0)); };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
