// What happened after an action, as plain data: the tool layer words it (driver/tools/format/wait.ts).

export interface DialogInfo {
  type: 'alert' | 'confirm' | 'prompt' | 'beforeunload' | string;
  message: string;
  defaultValue?: string;
}

export interface WaitReport {
  /** Whole wait, from just before the action to the return, in ms. */
  elapsedMs: number;
  /**
   * How the page came to rest: 'quiet' (no change for the quiet window and the action's work done),
   * 'churn' (the page keeps changing on its own; returned once the action's work was done),
   * 'timeout' (hit the cap), 'dialog' (a dialog paused the page), 'unavailable' (no runtime in the page).
   */
  outcome: 'quiet' | 'churn' | 'timeout' | 'dialog' | 'unavailable';
  /** In-page settle time (ms) after the action returned. */
  settledAfterMs?: number;
  /** DOM mutation records seen while settling. */
  mutations?: number;
  /** Mutation batches per second before the action and while settling (churn diagnostics). */
  baselineRate?: number;
  rate?: number;
  /** Set when the main frame navigated (cross-document or history API). */
  navigatedTo?: string;
  sameDocument?: boolean;
  /** The navigation started but did not commit or load within the bound. */
  navigationPending?: boolean;
  /** Work of the action still running at return: 'timers: 1', 'requests: 2', 'region "Results" (aria-busy)'. */
  stillBusy?: string[];
  dialog?: DialogInfo;
  /** The ref of the label that was clicked in the control's place (a hidden or covered native input). */
  viaLabel?: string;
  /** An image map's <area> was clicked on its image: the image's ref and the point (relative to its padding box). */
  viaImage?: { ref: string; position: { x: number; y: number } };
  /** URLs of tabs/popups the action opened. */
  popups?: string[];
  /**
   * A file input was clicked during the action: the browser's file chooser is opening, and
   * Playwright reports it (page 'filechooser') a moment later, maybe after this report.
   */
  fileChooserOpening?: boolean;
  /** Suggested file names of downloads the action started. */
  downloads?: string[];
}

