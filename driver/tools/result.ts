// What a tool call returns to a surface: text blocks (the markdown sections) and images.
export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string };

export interface ToolResult { content: ContentBlock[]; isError?: boolean }

// Facts about an answer that its text does not carry, for the surfaces to act on; callTool
// carries them over to the clipped, redacted copy it returns.
/** Answers that refuse their input (bad arguments, a refused URL, an unknown key), as opposed to a page or browser failure. */
const refusedInput = new WeakSet<ToolResult>();
// Answers whose only news is the action's echo ("Typed "alice" into e8."): the page shows just
// what the call said it would do. A shell can say "Done." instead.
const echoOnly = new WeakSet<ToolResult>();

export function markInputError(result: ToolResult): void { refusedInput.add(result); }

/** True when the call failed because of its arguments: the caller must change them (the shell CLI exits 2). */
export function isInputError(result: ToolResult): boolean { return refusedInput.has(result); }

export function markEchoOnly(result: ToolResult): void { echoOnly.add(result); }

/** True when the answer only restates its call (no other result, snapshot change, event or note). */
export function isEchoOnly(result: ToolResult): boolean { return echoOnly.has(result); }

/** `to` is a copy of `from` (clipped, redacted): it keeps `from`'s marks. */
export function carryMarks(from: ToolResult, to: ToolResult): void {
  if (refusedInput.has(from)) refusedInput.add(to);
  if (echoOnly.has(from)) echoOnly.add(to);
}
