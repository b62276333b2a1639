// The shared shape of every action: resolve the target first (a bad ref fails before anything
// happens), run the Playwright call inside the waiter, rewrite its error for the agent. A ref's
// element is checked for what the action needs (a renamed, hidden or disabled element fails at
// once, naming why) and acted on through page/ref-act.ts (the very element, or a fast failure).
// A click-like action is aimed first (page/aim.ts): at the element, at its label's visible part
// in place of a hidden native checkbox or radio (then its state is verified), or it fails at once.
import type { Frame, Locator, Page } from 'playwright';
import type { CoveringElement } from '../../injected/types.js';
import { ActionWaiter, type WaitOptions, type WaitReport } from './wait.js';
import { ActionError, coveredError, explainActionError } from './errors.js';
import { describeCoveringElement, type ResolvedTarget } from '../page/refs.js';
import { actOnRef } from '../page/ref-act.js';
import { warmLocators } from '../page/warm-locators.js';
import { aimPointer, hiddenMessage, uncheckedMessage, type CheckedIntent, type PointerPlan } from '../page/aim.js';
import * as runtime from '../page/runtime.js';
import { checkRange } from '../errors.js';
import { withDeadline } from '../deadline.js';
import type { RefCheckOptions } from '../../injected/types.js';
import type { PrepareOptions, PreparedAction } from '../page/runtime.js';

/** What the actions need from a page. AriaPage satisfies it. */
export interface ActionTarget {
  page: Page;
  /**
   * The Locator of a snapshot ref ('e5', 'f2e7') or a Playwright selector, and the frame of its
   * element (the main frame for selectors); throws for a bad ref, and for a ref whose element fails
   * `check` now (renamed, hidden, disabled: READY, SHOWN), in the same call into the page.
   */
  resolve(refOrSelector: string, options?: { check?: RefCheckOptions; prepare?: PrepareOptions }): Promise<ResolvedTarget>;
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

/** The longest actionability wait an action takes: an hour is no wait for an element any more. */
export const MAX_ACTION_TIMEOUT_MS = 3_600_000;

export function actionTimeout(options: ActionOptions): number {
  return options.timeoutMs ?? DEFAULT_ACTION_TIMEOUT_MS;
}

export interface Step {
  action: string;
  target: string;
  locator?: Locator;
  /** Frame of the element acted on: the wait tracks the action's activity there. */
  frame?: Frame;
  /**
   * The ref when the target is one (checked when it was resolved, with READY or SHOWN): `run` then gets the
   * locator to act through (page/ref-act.ts), which fails at once when the element is removed
   * or renamed while acting.
   */
  ref?: string;
  /** What the ref's check prepared (ResolvedTarget.prepared); the wait and the aim ask the page themselves otherwise. */
  prepared?: PreparedAction;
  /**
   * A click-like action: an element that stays covered by another fails at once, naming the
   * cover; a hidden native checkbox or radio (or one its label covers) is clicked through its label.
   */
  pointer?: boolean;
  /** What the pointer action wants of a checkbox, radio or switch; verified when its label was clicked in its place. */
  checks?: CheckedIntent;
  run: (locator: Locator | undefined) => Promise<unknown>;
  /** How to act on the control's label in its place (default `run`): check() would read the label's own state. */
  runOnLabel?: (locator: Locator) => Promise<unknown>;
  /** How to act at a point of another element: an image map's <area> is clicked on its image (page/aim.ts). */
  runAt?: (locator: Locator, position: { x: number; y: number }) => Promise<unknown>;
  /**
   * How to dispatch the action itself at a point of the main frame's viewport (a click's input
   * events), with none of Playwright's per-document setup: used when the ref's check found the
   * element reachable there and armed the page's guard (PREPARE_DISPATCH), which stops a click
   * that would land on anything else; `run` then acts in its place, waiting as Playwright does.
   */
  runAtPoint?: (point: { x: number; y: number }) => Promise<unknown>;
  /**
   * How to act on a ref's element without Playwright's per-document setup (text inserted into a
   * field the page got ready): false when it cannot, and `run` acts instead, as Playwright does.
   */
  runDirect?: (frame: Frame, ref: string) => Promise<boolean>;
}

/** What an action on a ref asks of the page in the same call as its check: its activity mark. */
export const PREPARE: PrepareOptions = { mark: true };
/** And for a click-like action, the first look at where it lands. */
export const PREPARE_POINTER: PrepareOptions = { mark: true, aim: true };
/** And for a click dispatched at the point of that look, the guard that sees where it lands (Step.runAtPoint). */
export const PREPARE_DISPATCH: PrepareOptions = { mark: true, aim: true, guard: true };

/** What pointer and editing actions need of a ref's element now: the same name, shown, enabled. */
export const READY: RefCheckOptions = { live: true, visible: true, enabled: true };
/** What hover, focus, press and drag need: the same name, shown. */
export const SHOWN: RefCheckOptions = { live: true, visible: true };


/** Run `step.run` inside an ActionWaiter; its error comes back rewritten with the next step. */
export async function perform(target: ActionTarget, step: Step, options: ActionOptions): Promise<WaitReport> {
  checkRange('timeoutMs', options.timeoutMs, 0, MAX_ACTION_TIMEOUT_MS, { unit: 'ms' });
  const { ref, frame } = step;
  // Beside the aim: Playwright's one-time setup in this document is not charged to the action's
  // timeout. A click the page's guard watches is dispatched without it.
  const dispatching = (!!step.runAtPoint && !!step.prepared?.aim?.guarded) || !!step.runDirect;
  const warm = ref && frame && !dispatching ? warmLocators(frame, ref) : undefined;
  let plan = ref && frame && step.pointer ? await aimPointer(frame, ref, step.checks, step.prepared?.aim) : undefined;
  // Only a click knows how to act at a point of the image: anything else meets Playwright's own error.
  if (plan?.position && !step.runAt) plan = undefined;
  if (plan?.cover) throw coveredError(step.action, step.target, plan.cover);
  if (plan?.hidden) throw new ActionError(hiddenMessage(step.action, step.target, plan.hidden), 'hidden');
  // The element acted on: the ref's own, or its label's in its place.
  const actRef = plan?.ref ?? ref;
  const point = step.runAtPoint && frame === target.page.mainFrame() ? plan?.point : undefined;
  await warm;
  const waitOptions = { ...options.wait, frame: options.wait?.frame ?? step.frame };
  const describeCovering = actRef && frame
    // By ref, through the protocol: works on pages whose built-ins broke Playwright's evaluate.
    ? () => runtime.coveringElement(frame, actRef, runtime.refCheckLimit())
    : target.describeCoveringElement
      ? (locator: Locator) => target.describeCoveringElement!(locator)
      : (locator: Locator) => describeCoveringElement(target.page, locator);
  const act = async (atPoint: boolean) => {
    try {
      if (plan?.done) return;
      // Dispatched at the point; the settle reads whether the page's guard let it through.
      if (atPoint && point && frame) return void await withinActionTimeout(step, step.runAtPoint!(point), actionTimeout(options));
      if (!point && !plan && actRef && frame && step.runDirect && await withinActionTimeout(step, step.runDirect(frame, actRef), actionTimeout(options))) return;
      const position = plan?.position;
      const run = position && step.runAt ? (on: Locator) => step.runAt!(on, position)
        : plan?.label && step.runOnLabel ? step.runOnLabel : step.run;
      if (actRef && frame) await actOnRef({ frame, ref: actRef, action: verbOf(step) }, locator => run(locator));
      else await step.run(step.locator);
    } catch (error) {
      throw await explainActionError(error, {
        action: step.action, target: step.target, timeoutMs: actionTimeout(options), locator: step.locator, describeCovering,
      });
    }
  };
  const atPoint = !!point && !!frame && !plan?.done;
  const waiter = new ActionWaiter(target.page, waitOptions, atPoint);
  // The check's mark counts only where the wait watches: the ref's own frame.
  const opened = waiter.frame === frame ? step.prepared?.mark : undefined;
  let report = await waiter.run(() => act(atPoint), opened);
  // The guard stopped the click before the page saw it (the element moved, or something was
  // drawn over it): Playwright's click, which waits for the element and names what covers it.
  if (waiter.clickStopped) report = await new ActionWaiter(target.page, waitOptions).run(() => act(false));
  if (plan?.position) report.viaImage = { ref: plan.ref, position: plan.position };
  if (plan?.label && ref && frame) {
    await verifyLabelClick(frame, ref, step.target, plan, report);
    if (!plan.done && plan.ref !== ref) report.viaLabel = plan.ref;
  }
  return report;
}

/** The action without its preposition ('type into' -> 'type'), for messages that name it alone. */
function verbOf(step: Step): string {
  return step.action.replace(/ (on|into|of|with|to)$/, '');
}

/** Input events wait for the page's handlers: one that never returns is a busy page, reported as such (timeout 0: no limit). */
function withinActionTimeout<T>(step: Step, work: Promise<T>, timeoutMs: number): Promise<T> {
  if (!timeoutMs) return work;
  return withDeadline(work, timeoutMs, () => new ActionError(
    `${verbOf(step)} on ${step.target} did not complete within ${timeoutMs} ms: the page was still handling it (its script is busy). ` +
    'Take a new snapshot to see whether it took effect before you retry.', 'timeout'));
}

/** After the settle (a page may toggle late), the control must be in the state the click on its label was for. */
async function verifyLabelClick(frame: Frame, ref: string, target: string, plan: PointerPlan, report: WaitReport): Promise<void> {
  if (plan.done || report.outcome === 'dialog' || (report.navigatedTo && !report.sameDocument)) return;
  const problem = await uncheckedMessage(frame, ref, target, plan);
  if (problem) throw new ActionError(problem, 'state-unchanged');
}
