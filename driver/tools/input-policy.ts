// The tool layer's input policy (issue 24), in one place: every number a tool takes has a
// bound in its schema, and the error names it ("clickCount must be between 1 and 10, not 1e9");
// strings are capped where the page or the OS has a limit; and no answer quotes an input at
// length: errors quote at most QUOTE_CHARS of it, results, diffs and code only past
// LONG_INPUT_CHARS, each cut with its length, so a 1 MB argument never comes back as 1 MB.
import { z } from 'zod';

/** How much of an input an error quotes. */
export const QUOTE_CHARS = 200;
/** Inputs up to this long stay whole in results, diffs and generated code (a function, a typed text): they must stay usable. */
export const LONG_INPUT_CHARS = 1000;

const show = (value: unknown) => (typeof value === 'number' ? String(value) : clipQuote(JSON.stringify(value) ?? String(value)));

function bounded(schema: z.ZodNumber, name: string, min: number, max: number, unit: string | undefined): z.ZodNumber {
  const range = `${name} must be between ${min} and ${max}${unit ? ` ${unit}` : ''}`;
  const error = (issue: { input?: unknown }) => `${range}, not ${show(issue.input)}.`;
  return schema.min(min, { error }).max(max, { error });
}

/** A whole number in [min, max] (counts, indexes, sizes, milliseconds). */
export function wholeNumber(name: string, min: number, max: number, unit?: string): z.ZodNumber {
  const whole = z.number().int({ error: issue => `${name} must be a whole number between ${min} and ${max}${unit ? ` ${unit}` : ''}, not ${show(issue.input)}.` });
  return bounded(whole, name, min, max, unit);
}

/** A number in [min, max] (seconds, pixels, coordinates). */
export function boundedNumber(name: string, min: number, max: number, unit?: string): z.ZodNumber {
  return bounded(z.number(), name, min, max, unit);
}

/** The file system's limits (Linux and macOS): a whole path, and one name in it. */
const MAX_PATH_CHARS = 4096;
const MAX_NAME_BYTES = 255;

/**
 * A file name or path argument: never empty (it would silently mean "the default"), no NUL
 * (no file system takes one), and within the file system's lengths, so a bad one is refused
 * with the reason instead of failing inside Node's or the browser's file calls.
 */
export function fileName(): z.ZodString {
  return z.string()
    .min(1, { error: 'The file name is empty: leave the parameter out for the default, or pass a name.' })
    .max(MAX_PATH_CHARS, { error: issue => `The path is ${String((issue.input as string)?.length)} characters long; the file system takes at most ${MAX_PATH_CHARS}.` })
    .refine(path => !path.includes('\0'), { error: 'The file name contains a NUL character, which no file system allows: remove it.' })
    .refine(path => path.split(/[\\/]/).every(part => Buffer.byteLength(part) <= MAX_NAME_BYTES),
      { error: `A name in the path is longer than ${MAX_NAME_BYTES} bytes, the most a file system allows: shorten it.` });
}

/** `text` cut to QUOTE_CHARS with its length, for quoting an input in a message. */
export function clipQuote(text: string, max = QUOTE_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length.toLocaleString('en-US')} characters)` : text;
}

/** Every string in the arguments, property names included: what an answer might quote. */
function inputStrings(value: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 8) return out;
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) inputStrings(item, out, depth + 1);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      inputStrings(item, out, depth + 1);
    }
  }
  return out;
}

/** The ways an answer writes a string: as given, and escaped inside a JSON or JavaScript string literal. */
function spellings(input: string): string[] {
  const json = JSON.stringify(input).slice(1, -1);
  const single = json.replace(/\\"/g, '"').replace(/'/g, "\\'");
  return [...new Set([input, json, single])];
}

/**
 * `text` with every run of more than `longerThan` characters that repeats the start of an input
 * cut to QUOTE_CHARS and its length. A quote starts where the input starts (an error, a typed
 * value, a code literal), so only runs that begin with the input's first characters are looked at.
 */
export function clipQuotedInputs(text: string, args: unknown, longerThan: number): string {
  const long = inputStrings(args).filter(input => input.length > longerThan);
  if (!long.length) return text;
  let out = text;
  for (const input of long) for (const spelling of spellings(input)) out = clipRuns(out, spelling, input.length, longerThan);
  return out;
}

/** Enough to clip any real answer; a page built to make the search slow only stays unclipped past it. */
const MAX_ATTEMPTS = 20_000;

function clipRuns(text: string, spelling: string, inputLength: number, longerThan: number): string {
  const probe = spelling.slice(0, 32);
  let out = '';
  let from = 0;
  for (let attempts = 0; attempts < MAX_ATTEMPTS; attempts++) {
    const at = text.indexOf(probe, from);
    if (at < 0) break;
    let length = probe.length;
    while (length < spelling.length && at + length < text.length && text.charCodeAt(at + length) === spelling.charCodeAt(length)) length++;
    if (length <= longerThan) {
      out += text.slice(from, at + 1);
      from = at + 1;
      continue;
    }
    out += `${text.slice(from, at)}${spelling.slice(0, QUOTE_CHARS)}… (${length < spelling.length ? 'part of ' : ''}an input of ${inputLength.toLocaleString('en-US')} characters)`;
    from = at + length;
  }
  return out + text.slice(from);
}

/** The answer to a call with `args`, its quotes of them cut: in the Error section past QUOTE_CHARS, elsewhere past LONG_INPUT_CHARS. */
export function clipAnswerText(text: string, args: unknown): string {
  const errorEnd = text.startsWith('### Error') ? text.indexOf('\n\n### ') : -1;
  if (!text.startsWith('### Error')) return clipQuotedInputs(text, args, LONG_INPUT_CHARS);
  const error = errorEnd < 0 ? text : text.slice(0, errorEnd);
  const rest = errorEnd < 0 ? '' : text.slice(errorEnd);
  return clipQuotedInputs(error, args, QUOTE_CHARS) + clipQuotedInputs(rest, args, LONG_INPUT_CHARS);
}
