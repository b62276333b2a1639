// The shared shape of every action: resolve the target first (a bad ref fails before anything
// happens), run the Playwright call inside the waiter, rewrite its error for the agent.
import type { Frame, Locator, Page } from 'playwright';
import type { CoveringElement } from '../../injected/types.js';
import { ActionWaiter, type WaitOptions, type WaitReport } from './wait.js';
import { explainActionError } from './errors.js';
import { describeCoveringElement } from '../page/refs.js';

/** What the actions need from a page. AriaPage satisfies it. */
export interface ActionTarget {
  page: Page;
  /** A Locator for a snapshot ref ('e5', 'f2e7') or a Playwright selector; throws for a bad ref. */
  locator(refOrSelector: string): Promise<Locator>;
  /** What covers the element's center; used to explain intercepted clicks. */
  describeCoveringElement?(locator: Locator): Promise<CoveringElement | null>;
}

export interface ActionOptions {
  /** Actionability timeout in ms (visible, enabled, not covered...); default 5000. */
  timeoutMs?: number;
  /** Settle/navigation options of the wait after the action. */
  wait?: WaitOptions;
}

export const DEFAULT_ACTION_TIMEOUT_MS = 5_000;

export function actionTimeout(options: ActionOptions): number {
  return options.timeoutMs ?? DEFAULT_ACTION_TIMEOUT_MS;
}

/** Frame of the element (activity is tracked there); the main frame when the page has no iframes. */
async function frameOf(page: Page, locator: Locator | undefined): Promise<Frame | undefined> {
  if (!locator || page.frames().length === 1) return undefined;
  try {
    const handle = await locator.elementHandle({ timeout: 1_000 });
    if (!handle) return undefined;
    try { return (await handle.ownerFrame()) ?? undefined; } finally { await handle.dispose().catch(() => {}); }
  } catch {
    return undefined; // the action itself will report the element's problem
  }
}

export interface Step {
  action: string;
  target: string;
  locator?: Locator;
  run: () => Promise<unknown>;
}

/** Run `step.run` inside an ActionWaiter; its error comes back rewritten with the next step. */
export async function perform(target: ActionTarget, step: Step, options: ActionOptions): Promise<WaitReport> {
  const frame = options.wait?.frame ?? await frameOf(target.page, step.locator);
  const waiter = new ActionWaiter(target.page, { ...options.wait, frame });
  const describeCovering = target.describeCoveringElement
    ? (locator: Locator) => target.describeCoveringElement!(locator)
    : (locator: Locator) => describeCoveringElement(target.page, locator);
  return waiter.run(async () => {
    try {
      await step.run();
    } catch (error) {
      throw await explainActionError(error, {
        action: step.action, target: step.target, timeoutMs: actionTimeout(options), locator: step.locator, describeCovering,
      });
    }
  });
}
