// Resuming a script paused by Playwright's debugger (page.pause(), a breakpoint set with
// runTo): resume, step to the next action, or run to a file:line, then wait until it pauses
// again, the context closes, or `waitMs` passes (a script that runs to its end never pauses).
import type { BrowserContext } from 'playwright';
import { DevtoolsError } from './errors.js';

export interface ResumeOptions { step?: boolean; location?: string; waitMs: number }
export interface PausedAt { title: string; file: string; line?: number }
export type ResumeOutcome = { state: 'paused'; at: PausedAt } | { state: 'running' } | { state: 'closed' };

export function parseLocation(location: string): { file: string; line?: number } {
  const text = location.trim();
  const colon = text.lastIndexOf(':');
  const tail = colon >= 0 ? text.slice(colon + 1) : '';
  if (colon > 0 && /^\d+$/.test(tail)) return { file: text.slice(0, colon), line: Number(tail) };
  // "C:\\dir\\a.spec.ts" has a colon that is not a line separator.
  if (text && (colon < 0 || /[\\/]/.test(tail))) return { file: text };
  throw new DevtoolsError('bad-location', `Invalid location "${location}", expected <file>:<line>, e.g. "example.spec.ts:42".`);
}

export function pausedAt(context: BrowserContext): PausedAt | undefined {
  const details = context.debugger.pausedDetails();
  return details ? { title: details.title, file: details.location.file, line: details.location.line } : undefined;
}

export async function resumeScript(context: BrowserContext, options: ResumeOptions): Promise<ResumeOutcome> {
  const target = options.location ? parseLocation(options.location) : undefined;
  if (!target && !pausedAt(context)) throw new DevtoolsError('not-paused', 'No script is paused in this browser.');
  let done!: (outcome: ResumeOutcome) => void;
  const outcome = new Promise<ResumeOutcome>(resolve => { done = resolve; });
  const onState = () => { const at = pausedAt(context); if (at) done({ state: 'paused', at }); };
  const onClose = () => done({ state: 'closed' });
  const timer = setTimeout(() => done({ state: 'running' }), options.waitMs);
  context.debugger.on('pausedstatechanged', onState);
  context.once('close', onClose);
  try {
    if (target) await context.debugger.runTo(target);
    else if (options.step) await context.debugger.next();
    else await context.debugger.resume();
    return await outcome;
  } finally {
    clearTimeout(timer);
    context.debugger.off('pausedstatechanged', onState);
    context.off('close', onClose);
  }
}
