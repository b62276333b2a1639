// The tool layer's entry for the surfaces (MCP server, command line, tests): every tool declared
// once, the one way to call one, and the session tools run against.
export { allTools, enabledTools, listedTools, callTool, inputJsonSchema, toolListing, toolResultText, type CallOptions } from './registry.js';
export type { Tool, ToolAnnotations } from './define.js';
export { Session, type RootsProvider } from './session.js';
export { defaultSessionConfig, DEFAULT_SNAPSHOT_TOKENS, TOOL_GROUPS, TOOL_GROUP_ALIASES, isCoreGroup, type ToolGroup, type SessionConfig, type SnapshotMode, type BeforeUnloadPolicy, type ConsoleLevel, type ImageResponses, type FilePathMode, type CodegenLanguage } from './config.js';
export type { ToolResult, ContentBlock } from './result.js';
export { isEchoOnly, isInputError } from './result.js';
export { clipQuotedInputs, clipQuote, QUOTE_CHARS } from './input-policy.js';
