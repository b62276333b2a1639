// Schema pieces and steps shared by the tool files: the element-targeting parameters every
// element tool takes (Playwright MCP 0.0.83's names, `target`, with our older `ref` as an
// alias, so existing prompts work unchanged), and "run
// this on the current tab, report the wait, append a snapshot".
import { z } from 'zod';
import { writeRedactedText } from '../secrets.js';
import { timestampedName } from '../files.js';
import { fileLink } from '../format/sections.js';
import type { Locator } from 'playwright';
import { EMPTY_TARGET, type ActionOptions, type ActionTarget, type WaitOptions, type WaitReport } from '../../index.js';
import type { Session } from '../session.js';
import type { ToolResponse } from '../response.js';
import type { Tab } from '../tab.js';
import { answerSnapshotRequest } from '../render.js';
import type { Recording } from '../codegen/record.js';

export const elementParam = z.string().optional()
  .describe('Human-readable element description, used to obtain permission to interact with the element');

/** A target string: never empty (an empty one points at nothing, or silently at the whole page). */
export const targetString = () => z.string().min(1, { error: EMPTY_TARGET });

export const targetParam = targetString()
  .describe('Exact target element reference from the page snapshot, or a unique element selector');

/** The two parameters of every tool that points at one element. */
export const targetShape = { element: elementParam, target: targetParam };
/** Our earlier name `ref` (Playwright MCP before 0.0.83) still works, as an alias of `target`. */
export const targetAliases = { ref: 'target' };

/** A Locator for a ref, or for a selector that matches exactly one element; checked now, so a bad target fails at once with the reason. */
export async function locate(tab: Tab, target: string): Promise<Locator> {
  return (await tab.aria()).locator(target, { exactlyOne: true });
}

/** The actions engine aimed at a tab: its targets resolve like locate(). */
function actionTarget(tab: Tab): ActionTarget {
  return { page: tab.page, resolve: async (target, options) => (await tab.aria()).resolve(target, { ...options, exactlyOne: true }) };
}

export function actionOptions(session: Session): ActionOptions {
  const { actionTimeoutMs } = session.config;
  return { timeoutMs: actionTimeoutMs, wait: settleOptions(session) };
}

/** How long an action's consequences are awaited: --timeout-settle caps the settle, --timeout-navigation a navigation it starts. */
export function settleOptions(session: Session): WaitOptions {
  const { navigationTimeoutMs, settleTimeoutMs } = session.config;
  return { dialogs: 'ask', navigationTimeoutMs: Math.min(navigationTimeoutMs, 30_000), ...(settleTimeoutMs !== undefined ? { timeoutMs: settleTimeoutMs } : {}) };
}

/**
 * Runs a page-changing step on the current tab: reports what the page did afterwards and asks
 * for a fresh snapshot, so the agent always sees the consequence of its action.
 */
export async function act<T>(session: Session, response: ToolResponse, step: (tab: Tab) => Promise<T>, wait: WaitOptions = {}): Promise<T | undefined> {
  const tab = await session.ensureTab();
  const snapshot = await answerSnapshotRequest(session, tab);
  const outcome = await tab.step(() => step(tab), { ...settleOptions(session), ...wait, snapshot });
  response.addWait(outcome.wait);
  response.setIncludeSnapshot();
  return outcome.value;
}

/** Like act, for an actions-engine call (click, fill...), which waits by itself. */
export async function actWithEngine(session: Session, response: ToolResponse, step: (target: ActionTarget, options: ActionOptions, tab: Tab) => Promise<WaitReport>): Promise<void> {
  const tab = await session.ensureTab();
  const target = actionTarget(tab);
  const options = actionOptions(session);
  const snapshot = await answerSnapshotRequest(session, tab);
  const outcome = await tab.act(() => step(target, { ...options, wait: { ...options.wait, snapshot } }, tab));
  response.addWait(outcome.wait);
  response.setIncludeSnapshot();
}

/**
 * Puts `text` in the result, or, when the agent named a file, writes it there (inside the output
 * directory or the client roots) and links it from the result.
 */
export async function resultOrFile(session: Session, response: ToolResponse, text: string, filename: string | undefined, file: { title: string; prefix: string; extension: string }): Promise<void> {
  if (!filename) return response.addResult(text);
  const path = await session.outputFile(filename, timestampedName(file.prefix, file.extension), file.title);
  writeRedactedText(session.config.secrets, path, text);
  response.addResult(fileLink(file.title, path));
}

/** "the Save button (e4)" style label for result lines. */
export function describeTarget(params: { element?: string; target: string }): string {
  return params.element ? `${params.element} (${params.target})` : params.target;
}

/**
 * Runs `act` with its code recorded beside it (recordBeside); the code is in the response before
 * this returns, whether the action succeeded or failed.
 */
export async function besideAction(recording: Recording, act: () => Promise<void>): Promise<void> {
  try {
    await act();
  } finally {
    await recording.finish();
  }
}
