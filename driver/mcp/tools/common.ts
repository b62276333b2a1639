// Schema pieces and steps shared by the tool files: the element-targeting parameters every
// element tool takes (Playwright MCP's names, so existing prompts work unchanged), and "run
// this on the current tab, report the wait, append a snapshot".
import { z } from 'zod';
import type { Locator } from 'playwright';
import type { McpContext } from '../context.js';
import type { ToolResponse } from '../response.js';
import type { Tab } from '../tab.js';
import { runAction, runEngineAction } from '../adapter/actions.js';
import { actionOptions, actionTarget } from '../adapter/engine.js';
import type { ActionOptions, ActionTarget, WaitOptions, WaitReport } from '../../actions/index.js';

export const elementParam = z.string().optional()
  .describe('Human-readable element description, used to obtain permission to interact with the element');

export const refParam = z.string().min(1)
  .describe('Exact target element reference from the page snapshot (e.g. "e5", "f2e7" inside a frame), or a Playwright selector');

/** The two parameters of every tool that points at one element. */
export const targetShape = { element: elementParam, ref: refParam };

export async function locate(tab: Tab, ref: string): Promise<Locator> {
  return tab.driver.locator(ref);
}

/**
 * Runs a page-changing step on the current tab: reports what the page did afterwards and asks
 * for a fresh snapshot, so the agent always sees the consequence of its action.
 */
export async function act<T>(context: McpContext, response: ToolResponse, step: (tab: Tab) => Promise<T>, wait: WaitOptions = {}): Promise<T | undefined> {
  const tab = await context.ensureTab();
  const outcome = await runAction(tab, () => step(tab), wait);
  response.addWait(outcome.wait);
  response.setIncludeSnapshot();
  return outcome.value;
}

/** Like act, for an actions-engine call (click, fill...), which waits by itself. */
export async function actWithEngine(context: McpContext, response: ToolResponse, step: (target: ActionTarget, options: ActionOptions, tab: Tab) => Promise<WaitReport>): Promise<void> {
  const tab = await context.ensureTab();
  const outcome = await runEngineAction(tab, () => step(actionTarget(tab), actionOptions(context.config), tab));
  response.addWait(outcome.wait);
  response.setIncludeSnapshot();
}

/** "the Save button (e4)" style label for result lines. */
export function describeTarget(params: { element?: string; ref: string }): string {
  return params.element ? `${params.element} (${params.ref})` : params.ref;
}
