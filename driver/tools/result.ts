// What a tool call returns to a surface: text blocks (the markdown sections) and images.
export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string };

export interface ToolResult { content: ContentBlock[]; isError?: boolean }
