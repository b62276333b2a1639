// Recording what a person does in the browser as Playwright code, through Playwright's own
// recorder (BrowserContext._startRecording, not in its public types): every click or fill of
// the user becomes a statement, the last one rewritten while it is still being typed.
import type { BrowserContext } from 'playwright';
import { DevtoolsError } from './errors.js';

export type RecorderLanguage = 'typescript' | 'python' | 'java' | 'csharp';

/** Playwright's code generator ids for the --codegen languages. */
const GENERATOR: Record<RecorderLanguage, string> = { typescript: 'playwright-test', python: 'python', java: 'java', csharp: 'csharp' };

interface RecorderContext {
  _startRecording?(params: { language: string }, sink: {
    actionAdded(page: unknown, action: unknown, code: string): void;
    actionUpdated(page: unknown, action: unknown, code: string): void;
    signalAdded(page: unknown, signal: unknown, code: string): void;
  }): Promise<void>;
  _stopRecording?(): Promise<void>;
}

const recordings = new WeakMap<BrowserContext, string[]>();

export async function startRecording(context: BrowserContext, language: RecorderLanguage): Promise<void> {
  if (recordings.has(context)) throw new DevtoolsError('recording-already-started', 'Recording is already in progress.');
  const recorder = context as unknown as RecorderContext;
  if (typeof recorder._startRecording !== 'function') throw new DevtoolsError('recording-unsupported', 'This Playwright version has no action recorder.');
  const actions: string[] = [];
  await recorder._startRecording({ language: GENERATOR[language] }, {
    actionAdded: (_page, _action, code) => { actions.push(code); },
    actionUpdated: (_page, _action, code) => { if (actions.length) actions[actions.length - 1] = code; else actions.push(code); },
    signalAdded: (_page, _signal, code) => { if (actions.length && code) actions[actions.length - 1] = code; },
  });
  recordings.set(context, actions);
}

/** The recorded statements, or undefined when nothing was recording. */
export async function stopRecording(context: BrowserContext | undefined): Promise<string[] | undefined> {
  const actions = context && recordings.get(context);
  if (!context || !actions) return undefined;
  recordings.delete(context);
  await (context as unknown as RecorderContext)._stopRecording?.();
  return actions.filter(code => code.trim()).map(dedent);
}

function dedent(code: string): string {
  const lines = code.split('\n');
  const indent = Math.min(...lines.filter(l => l.trim()).map(l => /^\s*/.exec(l)![0].length));
  return lines.map(l => l.slice(indent)).join('\n').trim();
}
