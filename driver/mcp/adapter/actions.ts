// Runs page-changing steps and reports what the page did afterwards. Two kinds of step:
//  - engine actions (driver/actions: click, fill...) already wait and return a WaitReport;
//  - plain steps (navigation, evaluate, mouse at x/y) get wrapped in the engine's waiter.
// Both are raced against a modal state (dialog or file chooser) opening, so a hostile page can
// never hang a tool call.
import type { Tab } from '../tab.js';
import { runAndWait, type WaitOptions, type WaitReport } from '../../actions/wait.js';
import { fromWaitReport, type WaitSummary } from '../wait-summary.js';

export interface ActionOutcome { wait: WaitSummary; interruptedByModal: boolean }

/** Runs an engine action (returns its own WaitReport), stopping early if a modal opens. */
export async function runEngineAction(tab: Tab, action: () => Promise<WaitReport>): Promise<ActionOutcome> {
  await tab.driver.ready();
  const waiting = action();
  // Behind a modal the step may stay pending and fail later; that failure must not go unhandled.
  waiting.catch(() => {});
  const modal = tab.nextModal();
  try {
    const raced = await Promise.race([
      waiting.then(report => ({ report })),
      modal.promise.then(() => ({ report: undefined })),
    ]);
    if (!raced.report) return { wait: {}, interruptedByModal: true };
    return { wait: fromWaitReport(raced.report), interruptedByModal: raced.report.outcome === 'dialog' };
  } finally {
    modal.cancel();
  }
}

/** Runs a plain step inside the engine's waiter; `value` is what the step returned. */
export async function runAction<T>(tab: Tab, step: () => Promise<T>, options: WaitOptions = {}): Promise<ActionOutcome & { value?: T }> {
  let value: T | undefined;
  const outcome = await runEngineAction(tab, () => runAndWait(tab.page, async () => { value = await step(); }, { dialogs: 'leave', ...options }));
  return { ...outcome, value };
}
