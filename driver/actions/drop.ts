// An external drop: files and/or MIME-typed data dragged in from outside the page onto an element,
// as the page's dragenter/dragover/drop handlers see it (a real DataTransfer, with File objects).
import { stat } from 'node:fs/promises';
import { actionTimeout, perform, type ActionOptions, type ActionTarget } from './run.js';
import { ActionError } from './errors.js';
import type { WaitReport } from './wait.js';

export interface DropPayload {
  /** Absolute paths of files to drop. */
  paths?: string[];
  /** MIME type → string value, e.g. { 'text/plain': 'hello' }. */
  data?: Record<string, string>;
}

async function checkFiles(paths: string[]): Promise<void> {
  for (const path of paths) {
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile())
      throw new ActionError(`File ${JSON.stringify(path)} does not exist or is not a file. Pass paths of existing files.`, 'no-file');
  }
}

/** Drop `payload` onto the element of `ref`; fails when the page does not accept the drop (no dragover preventDefault). */
export async function drop(target: ActionTarget, ref: string, payload: DropPayload, options: ActionOptions = {}): Promise<WaitReport> {
  const paths = payload.paths ?? [];
  if (!paths.length && !payload.data)
    throw new ActionError('Nothing to drop: pass "paths" (files), "data" (MIME type → text), or both.', 'bad-input');
  await checkFiles(paths);
  const { locator, frame } = await target.resolve(ref);
  return perform(target, {
    action: 'drop onto', target: ref, locator, frame,
    run: async () => {
      try {
        await locator.drop({ ...(paths.length ? { files: paths } : {}), ...(payload.data ? { data: payload.data } : {}) }, { timeout: actionTimeout(options) });
      } catch (error) {
        if (/did not accept the drop/i.test(String((error as Error)?.message)))
          throw new ActionError(`${ref} does not accept drops (its dragover handler did not call preventDefault()). Take a new snapshot and drop onto the drop zone itself.`, 'drop-refused', { cause: error });
        throw error;
      }
    },
  }, options);
}
