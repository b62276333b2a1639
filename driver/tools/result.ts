// What a tool call returns to a surface: text blocks (the markdown sections) and images.
export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string };

export interface ToolResult { content: ContentBlock[]; isError?: boolean }

// Answers whose only news is the action's echo ("Typed "alice" into e8."): the page shows just
// what the call said it would do. A shell can say "Done." instead.
const echoOnly = new WeakSet<ToolResult>();

export function markEchoOnly(result: ToolResult): void { echoOnly.add(result); }

/** True when the answer only restates its call (no other result, snapshot change, event or note). */
export function isEchoOnly(result: ToolResult): boolean { return echoOnly.has(result); }
