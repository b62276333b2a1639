// What a tool session is configured with: the browser it drives, timeouts, safety switches,
// capability groups and snapshot shape. The MCP server and the CLI fill it from their flags,
// environment and config files (driver/mcp/config.ts); tools read it, nothing else.
import type { HostOptions } from '../index.js';

/**
 * Capability groups, as Playwright MCP names them. Groups whose name starts with `core` are always
 * on; the others are opted into with `--caps`. A core group's skill-only tools (see define.ts) are
 * listed over MCP only when the group is named in `--caps`.
 */
export const TOOL_GROUPS = ['core', 'core-input', 'core-navigation', 'core-tabs', 'core-install', 'vision', 'pdf', 'storage', 'network', 'testing', 'devtools', 'config'] as const;
export type ToolGroup = typeof TOOL_GROUPS[number];

/** Other names --caps accepts for a group: Playwright MCP 0.0.83 turns `tracing` into devtools (which holds the tracing tools). */
export const TOOL_GROUP_ALIASES: Readonly<Record<string, ToolGroup>> = { tracing: 'devtools' };

export function isCoreGroup(group: string): boolean {
  return group.startsWith('core');
}

export type SnapshotMode = 'full' | 'diff' | 'file' | 'none';
export type BeforeUnloadPolicy = 'accept' | 'dismiss' | 'ask';
export type ConsoleLevel = 'error' | 'warning' | 'info' | 'debug';
export type ImageResponses = 'allow' | 'omit' | 'only';
export type FilePathMode = 'relative' | 'absolute';
export type CodegenLanguage = 'typescript' | 'python' | 'java' | 'csharp' | 'none';

export interface SessionConfig extends HostOptions {
  allowedOrigins: string[];
  blockedOrigins: string[];
  /** Where files without a path are saved; unset: `.playwright-mcp` in the client's first root (or the working directory), as Playwright MCP does. */
  outputDir?: string;
  actionTimeoutMs: number;
  navigationTimeoutMs: number;
  caps: ToolGroup[];
  evaluate: boolean;
  allowFileAccess: boolean;
  /** Fold snapshots to this many tokens; 0 = no limit. */
  snapshotMaxTokens: number;
  snapshotMode: SnapshotMode;
  /** How a page's "leave this page?" (beforeunload) prompt is answered. */
  beforeUnload: BeforeUnloadPolicy;
  /** Modules run with every new page (`export default async ({ page }) => ...`), as Playwright MCP's --init-page. */
  initPages: string[];
  // Stored for the tools that will read them (Playwright MCP options; see driver/mcp/options.ts).
  testIdAttribute: string;
  /** The least severe console message a response reports; unset: errors and warnings. */
  consoleLevel?: ConsoleLevel;
  imageResponses: ImageResponses;
  snapshotBoxes: boolean;
  filePaths: FilePathMode;
  codegen: CodegenLanguage;
  /** Leave out a Page section that repeats the last answer's for the same tab; the CLI keeps them (its own memory, and --json). */
  pageSectionOnce: boolean;
  /** Secret name → value (from a dotenv file); to be redacted from responses. */
  secrets: Record<string, string>;
  settleTimeoutMs?: number;
  outputMaxSize?: number;
  idleTimeoutMs?: number;
  saveSession: boolean;
  webmcp: boolean;
  profileDirName?: string;
}

/** The snapshot budget when nothing sets one: about a tenth of a large model context. */
export const DEFAULT_SNAPSHOT_TOKENS = 8000;

/**
 * The --codegen default: the language of the Playwright binding that started us (PW_LANG_NAME,
 * set by Playwright for Python, Java and .NET), as Playwright MCP picks it; else TypeScript.
 */
export function defaultCodegenLanguage(env: NodeJS.ProcessEnv = process.env): CodegenLanguage {
  const binding = env.PW_LANG_NAME;
  return binding === 'python' || binding === 'java' || binding === 'csharp' ? binding : 'typescript';
}

export function defaultSessionConfig(): SessionConfig {
  return {
    headless: true,
    allowedOrigins: [],
    blockedOrigins: [],
    actionTimeoutMs: 5000,
    navigationTimeoutMs: 60000,
    caps: [],
    evaluate: true,
    allowFileAccess: false,
    snapshotMaxTokens: DEFAULT_SNAPSHOT_TOKENS,
    snapshotMode: 'diff',
    beforeUnload: 'accept',
    browserArgs: [],
    initPages: [],
    testIdAttribute: 'data-testid',
    imageResponses: 'allow',
    snapshotBoxes: false,
    filePaths: 'relative',
    codegen: defaultCodegenLanguage(),
    pageSectionOnce: true,
    secrets: {},
    saveSession: false,
    webmcp: true,
  };
}
