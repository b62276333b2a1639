// What a tool handler fills in. Handlers only record facts (results, errors, images, events,
// whether the page may have changed); render.ts turns them into markdown sections in a fixed
// order once the handler has finished, so every tool answers in the same shape.
import { isRef, type WaitReport } from '../index.js';

import type { EchoClaim } from './restated.js';

export interface ResponseImage { data: string; mimeType: 'image/png' | 'image/jpeg' | 'image/webp' }

export interface SnapshotRequest {
  /** Asked for explicitly (browser_snapshot): always the full YAML, whatever --snapshot-mode says. */
  explicit?: boolean;
  ref?: string;
  depth?: number;
  boxes?: boolean;
  verbose?: boolean;
  /** Only controls, with the headings and landmarks that place them. */
  interactive?: boolean;
  /** Fold to this many tokens (default: the server's --snapshot-max-tokens). */
  budgetTokens?: number;
  /** Paging of the root's children, as a fold line names it. */
  offset?: number;
  limit?: number;
  /** Write the snapshot to this file and link it instead of showing it. */
  file?: string;
}

export class ToolResponse {
  readonly results: string[] = [];
  /** Results that only restate the action ("Typed "alice" into e8."): left out when the snapshot shows its effect. */
  readonly echoes: string[] = [];
  /** What the echoes say the page shows now; undefined once an echo claims nothing checkable. */
  echoClaims: EchoClaim[] | undefined = [];
  /** Refs the action focused on purpose (a click's target): the diff does not tell the focus went there. */
  readonly focusTargets = new Set<string>();
  readonly errors: string[] = [];
  readonly hints: string[] = [];
  readonly images: ResponseImage[] = [];
  readonly events: string[] = [];
  readonly pageNotes: string[] = [];
  /** Playwright code equivalent to what the tool did, one statement a line (tools/codegen). */
  readonly code: string[] = [];
  waits: WaitReport[] = [];
  /** What read the answer's snapshot already, when not the last wait (a text wait's check; answerSnapshotRequest). */
  snapshotReadBy: object | undefined;
  snapshot: SnapshotRequest | undefined;
  /** Set by tools such as browser_close after which there is no page to describe. */
  skipPage = false;
  /** Set by browser_tabs "list", whose result already is the tab list. */
  skipTabs = false;

  addResult(markdown: string): void { this.results.push(markdown); }
  /** A result the inline snapshot makes redundant (the agent pays for every character twice otherwise). */
  addEcho(markdown: string, claims?: EchoClaim[]): void {
    this.echoes.push(markdown);
    this.echoClaims = claims?.length && this.echoClaims ? [...this.echoClaims, ...claims] : undefined;
  }
  /** The action clicked, typed into or checked this target, which takes the focus if it can. */
  focused(target: string): void { if (isRef(target)) this.focusTargets.add(target); }
  /** An error the handler caught itself; the response is marked isError. */
  addError(message: string): void { this.errors.push(message); }
  /**
   * What to try after an error, in a `### Hints` section of its own: the `### Error` text stays
   * Playwright MCP's exact wording (clients compare it whole), the near misses still reach the agent.
   */
  addHint(text: string): void { this.hints.push(text); }
  addImage(image: ResponseImage): void { this.images.push(image); }
  /** Something that happened besides the result: a new tab, a saved download... */
  addEvent(text: string): void { this.events.push(text); }
  /** A statement for the `### Ran Playwright code` section. */
  addCode(statement: string): void { this.code.push(statement); }
  /** A line for the `### Page` section, e.g. "Browser restarted after a crash". */
  addPageNote(text: string): void { this.pageNotes.push(text); }
  /** What the wait after an action saw (navigation, settle time, timeout); none when a modal state cut it short. */
  addWait(wait: WaitReport | undefined): void { if (wait) this.waits.push(wait); }
  /** Append a fresh snapshot: call after anything that can change the page. */
  setIncludeSnapshot(request: SnapshotRequest = {}): void { this.snapshot = request; }

  get isError(): boolean { return this.errors.length > 0; }
}
