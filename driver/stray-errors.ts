// A long-running process (the MCP server, the CLI daemon) serves many sessions, and some of what
// runs in it is not ours: a page can make Playwright reject in the background, and the agent's
// Playwright code (run_code) can leave a rejected promise or a throwing page listener. Node's
// default ends the process on such an error, and every session with it; these processes log it
// and go on serving. A library user's process keeps Node's default: this is only for our servers.

/** Logs stray errors with `log` instead of ending the process. */
export function keepRunningOnStrayErrors(log: (line: string) => void): void {
  const describe = (error: unknown) => (error as Error)?.stack ?? String(error);
  process.on('unhandledRejection', error => log(`unhandled rejection (kept running): ${describe(error)}`));
  process.on('uncaughtException', error => log(`uncaught exception (kept running): ${describe(error)}`));
}
