// Reading Playwright's errors and quoting text in messages: one first line, one navigation test,
// one clip, one regexp escape, used by every layer.

export function stripAnsi(text: string): string {
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

/** First line of an error's message, without Playwright's "locator.click: " prefix and call log. */
export function firstLine(error: unknown): string {
  const message = stripAnsi(error instanceof Error ? error.message : String(error));
  return message.split('\n')[0]!.replace(/^(?:frame|page|locator|elementHandle|keyboard|mouse)\.\w+: /, '');
}

/** True when `error` says the frame's document was replaced (or the frame torn down) while a call ran. */
export function isNavigationError(error: unknown): boolean {
  return /Execution context was destroyed|because of a navigation|Cannot find context|navigated|frame (?:was|got) detached/i
    .test(error instanceof Error ? error.message : String(error));
}

/** A text cut to `max` characters with an ellipsis, for quoting page text in messages. */
export function clip(text: string, max = 200): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? oneLine.slice(0, max) + "…" : oneLine;
}

/** `text` as a regexp that matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * An argument the library will not work with (out of its bounds, a refused URL, an unknown key
 * name): the caller must change it, retrying cannot help. Surfaces report it as a usage error
 * (the shell CLI exits 2).
 */
export class ArgumentError extends Error {
  constructor(message: string, readonly argument: string) {
    super(message);
    this.name = 'ArgumentError';
  }
}

/** Throws ArgumentError naming the bound unless `value` is a number in [min, max] (and whole, with `whole`). */
export function checkRange(argument: string, value: number | undefined, min: number, max: number, options: { whole?: boolean; unit?: string } = {}): void {
  if (value === undefined) return;
  const unit = options.unit ? ` ${options.unit}` : '';
  if (typeof value !== 'number' || Number.isNaN(value) || value < min || value > max || (options.whole && !Number.isInteger(value)))
    throw new ArgumentError(`${argument} must be ${options.whole ? 'a whole number ' : ''}between ${min} and ${max}${unit}, not ${String(value)}.`, argument);
}
