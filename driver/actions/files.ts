// Upload files: straight into an <input type=file>, or through the file chooser a button opens.
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Locator } from 'playwright';
import { actionTimeout, perform, PREPARE, type ActionOptions, type ActionTarget } from './run.js';
import { ActionError } from './errors.js';
import type { WaitReport } from './wait.js';

async function checkedPaths(paths: string[]): Promise<string[]> {
  const absolute = paths.map(p => resolve(p));
  for (const path of absolute) {
    const info = await stat(path).catch(() => undefined);
    if (!info || !info.isFile())
      throw new ActionError(`File ${JSON.stringify(path)} does not exist or is not a file. Pass paths of existing files (absolute, or relative to ${process.cwd()}).`, 'no-file');
  }
  return absolute;
}

function isNotFileInput(error: unknown): boolean {
  return /Node is not an HTMLInputElement|Not an input element|is not a file input|not an <input type="file"|Error: Element is not/i
    .test(error instanceof Error ? error.message : String(error));
}

async function viaChooser(target: ActionTarget, locator: Locator, paths: string[], timeout: number): Promise<void> {
  const chooser = target.page.waitForEvent('filechooser', { timeout });
  chooser.catch(() => {});
  await locator.click({ timeout });
  await (await chooser).setFiles(paths, { timeout });
}

/**
 * Set the files of a file input (`ref` is the input), or click `ref` and answer the file
 * chooser it opens (an "Upload" button). An empty list clears a file input.
 */
export async function setFiles(target: ActionTarget, ref: string, paths: string[], options: ActionOptions = {}): Promise<WaitReport> {
  const files = await checkedPaths(paths);
  const { locator: resolved, frame, ref: actRef, prepared } = await target.resolve(ref, { check: { live: true }, prepare: PREPARE });
  const timeout = actionTimeout(options);
  return perform(target, {
    action: 'upload files with', target: ref, locator: resolved, frame, ref: actRef, prepared,
    run: async on => {
      const locator = on ?? resolved;
      try {
        await locator.setInputFiles(files, { timeout });
      } catch (error) {
        if (!isNotFileInput(error)) throw error;
        await viaChooser(target, locator, files, timeout);
      }
    },
  }, options);
}
