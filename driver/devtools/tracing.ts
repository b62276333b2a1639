// A Playwright trace of one context (screenshots and DOM snapshots of every action), saved as
// the zip `npx playwright show-trace` opens. One recording per context at a time; the state
// lives with the context, so a new browser after a crash starts clean.
import type { BrowserContext } from 'playwright';
import { DevtoolsError } from './errors.js';

interface Recording { name: string; startedAt: number }

const recordings = new WeakMap<BrowserContext, Recording>();

export function isTracing(context: BrowserContext): boolean {
  return recordings.has(context);
}

export async function startTracing(context: BrowserContext, options: { title?: string } = {}): Promise<void> {
  if (recordings.has(context)) throw new DevtoolsError('tracing-already-started', 'Tracing is already started.');
  const name = `trace-${Date.now()}`;
  try {
    await context.tracing.start({ name, title: options.title, screenshots: true, snapshots: true, sources: false });
  } catch (error) {
    // Someone else (a --init-page module, run_code) may have started Playwright's tracing.
    if (/already started/i.test(String((error as Error)?.message))) throw new DevtoolsError('tracing-already-started', 'Tracing was already started by other code in this browser context.');
    throw error;
  }
  recordings.set(context, { name, startedAt: Date.now() });
}

/** Stops the recording and writes the trace zip to `path`. */
export async function stopTracing(context: BrowserContext | undefined, path: string): Promise<{ path: string; durationMs: number }> {
  const recording = context && recordings.get(context);
  if (!context || !recording) throw new DevtoolsError('tracing-not-started', 'Tracing is not started.');
  recordings.delete(context);
  await context.tracing.stop({ path });
  return { path, durationMs: Date.now() - recording.startedAt };
}
