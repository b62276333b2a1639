// The tool-declaration helper: every ariaref tool is declared ONCE in this shape and serves MCP,
// the CLI (`ariaref <tool> --param value`) and tests alike through registry.callTool().
//
// How to add a tool (e.g. driver/tools/groups/console.ts):
//
//   import { z } from 'zod';
//   import { defineTool } from '../define.js';
//
//   export const consoleTools = [
//     defineTool({
//       name: 'browser_console_messages',
//       group: 'core',                       // 'core' is on by default; others need --caps <group>
//       title: 'Console messages',
//       description: 'Returns console messages of the current tab',
//       params: { onlyErrors: z.boolean().optional().describe('Only errors') },   // a zod raw shape
//       annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
//       async handle(session, params, response) {
//         const tab = await session.ensureTab();       // starts the browser lazily; tab.page is Playwright's Page
//         response.addResult('...markdown...');
//         // response.setIncludeSnapshot() after anything that can change the page
//       },
//     }),
//   ];
//
// Then list the array in driver/tools/registry.ts. Handlers use the library through
// driver/index.ts only, and word their results with driver/tools/format/. Parameters arrive already validated by zod
// (bad input never reaches the handler); throwing from a handler becomes a `### Error` section,
// never a protocol error and never a server crash.
import type { z } from 'zod';
import type { Session } from './session.js';
import type { ToolGroup } from './config.js';
import type { ToolResponse } from './response.js';



export interface ToolAnnotations {
  /** Never changes the page or the outside world. */
  readOnlyHint: boolean;
  /** May destroy state (close a tab, submit irreversibly, overwrite a file). */
  destructiveHint: boolean;
  /** Talks to the open world (arbitrary web origins). */
  openWorldHint: boolean;
  idempotentHint?: boolean;
}

export interface ToolSpec<Shape extends z.ZodRawShape> {
  name: string;
  group: ToolGroup;
  title: string;
  description: string;
  params: Shape;
  annotations: ToolAnnotations;
  /** Runs caller-supplied code in the page: switched off by `--no-evaluate`. */
  runsCode?: boolean;
  /**
   * Left off the default MCP tool list, because definitions cost tokens on every turn (Playwright
   * MCP's `skillOnly`). Still callable by name; listed when `--caps` names its group, and always
   * in the CLI.
   */
  skillOnly?: boolean;
  /** The modal state this tool answers; every other tool is refused while a modal is open... */
  handlesModal?: 'dialog' | 'fileChooser';
  /** ...unless it works regardless (listing/closing tabs, closing the browser). */
  ignoresModal?: boolean;
  /**
   * Older parameter names still accepted: alias -> canonical name (e.g. `{ ref: 'target' }`).
   * `'fields[].ref': 'target'` renames inside each item of the array `fields`. Applied by
   * registry.callTool before validation; the JSON schema shows only the canonical names.
   */
  aliases?: Record<string, string>;
  handle(session: Session, params: z.infer<z.ZodObject<Shape>>, response: ToolResponse): Promise<void>;
}

/** A declared tool with its parameter types erased, as the registry stores it. */
export interface Tool {
  name: string;
  group: ToolGroup;
  title: string;
  description: string;
  params: z.ZodRawShape;
  annotations: ToolAnnotations;
  runsCode: boolean;
  skillOnly: boolean;
  handlesModal?: 'dialog' | 'fileChooser';
  ignoresModal?: boolean;
  aliases?: Record<string, string>;
  handle(session: Session, params: any, response: ToolResponse): Promise<void>;
}

export function defineTool<Shape extends z.ZodRawShape>(spec: ToolSpec<Shape>): Tool {
  return { ...spec, runsCode: spec.runsCode ?? false, skillOnly: spec.skillOnly ?? false };
}
