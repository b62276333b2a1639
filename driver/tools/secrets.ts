// Secrets (--secrets file.env): an agent types a secret by passing its NAME, the page gets the
// value, and no answer ever shows the value: every text that leaves the tool layer has each
// value replaced by `<secret>NAME</secret>`, and generated code reads it from the environment.
import { writeFileSync } from 'node:fs';
import type { ToolResult } from './result.js';

export type Secrets = Record<string, string>;

/** The value to type for `text`: a secret's value when `text` is a secret's name. */
export function lookupSecret(secrets: Secrets, text: string): { value: string; secret?: string } {
  const value = Object.prototype.hasOwnProperty.call(secrets, text) ? secrets[text] : undefined;
  return value ? { value, secret: text } : { value: text };
}

/** `text` with every secret value replaced by its name; longer values first, so one that contains another is caught whole. */
export function redactText(secrets: Secrets, text: string): string {
  const entries = Object.entries(secrets).filter(([, value]) => value).sort((a, b) => b[1].length - a[1].length);
  for (const [name, value] of entries) text = text.split(value).join(`<secret>${name}</secret>`);
  return text;
}

/** A tool result with no secret value in any of its text blocks. */
export function redactResult(secrets: Secrets, result: ToolResult): ToolResult {
  if (!Object.keys(secrets).length) return result;
  return { ...result, content: result.content.map(block => block.type === 'text' ? { ...block, text: redactText(secrets, block.text) } : block) };
}

/**
 * Writes a text output file (a `filename` answer, a snapshot file) with no secret value in it:
 * files reach the agent too. `finalNewline: false` keeps the text as is (snapshot files are
 * byte for byte what Playwright MCP writes).
 */
export function writeRedactedText(secrets: Secrets, path: string, text: string, options: { finalNewline?: boolean } = {}): void {
  const redacted = redactText(secrets, text);
  writeFileSync(path, options.finalNewline === false || redacted.endsWith('\n') ? redacted : redacted + '\n');
}
