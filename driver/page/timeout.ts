// Every call into a page is raced against its own timer: a page paused by a dialog, stuck in
// a busy loop or never finishing a navigation must never hang an ariaref call.

export class PageTimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not answer within ${ms}ms (the page may be busy, paused by a dialog, or still loading). If it is not responding, these still work: browser_navigate away (it replaces a frozen tab), browser_tabs to close it or open another, browser_handle_dialog for a dialog.`);
    this.name = 'PageTimeoutError';
  }
}

/** Resolves like `promise`, or rejects with PageTimeoutError after `ms`. The loser is silenced. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PageTimeoutError(what, ms)), ms);
  });
  promise.catch(() => {}); // a late rejection after the timeout must not become unhandled
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The first line of an error's message, without Playwright's call log. */
export function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.replace(/^(?:frame|page|locator|elementHandle)\.\w+: /, '');
}
