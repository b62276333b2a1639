// The shared shape of every action: resolve the target first (a bad ref fails before anything
// happens), run the Playwright call inside the waiter, rewrite its error for the agent.
import type { Frame, Locator, Page } from 'playwright';
import type { CoveringElement } from '../../injected/types.js';
import { ActionWaiter, type WaitOptions, type WaitReport } from './wait.js';
import { explainActionError } from './errors.js';
import { describeCoveringElement, type ResolvedTarget } from '../page/refs.js';

/** What the actions need from a page. AriaPage satisfies it. */
export interface ActionTarget {
  page: Page;
  /**
   * The Locator of a snapshot ref ('e5', 'f2e7') or a Playwright selector, and the frame of its
   * element (the main frame for selectors); throws for a bad ref.
   */
  resolve(refOrSelector: string): Promise<ResolvedTarget>;
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

export interface Step {
  action: string;
  target: string;
  locator?: Locator;
  /** Frame of the element acted on: the wait tracks the action's activity there. */
  frame?: Frame;
  run: () => Promise<unknown>;
}

/** Run `step.run` inside an ActionWaiter; its error comes back rewritten with the next step. */
export async function perform(target: ActionTarget, step: Step, options: ActionOptions): Promise<WaitReport> {
  const waiter = new ActionWaiter(target.page, { ...options.wait, frame: options.wait?.frame ?? step.frame });
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
