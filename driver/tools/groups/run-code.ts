// browser_run_code_unsafe: the agent's Playwright script, `async (page) => ...`, run in this
// server's Node process (not in the page), so it is off with --no-evaluate. Bounded by the
// navigation timeout: a script that never finishes is abandoned, the server carries on.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { defineTool } from '../define.js';
import { RunCodeError, runPlaywrightCode } from '../../index.js';
import { act } from './common.js';
import { checkFilePath } from '../files.js';
import { recordInputCall } from '../codegen/input.js';
import { CODE_CUT_BY_MODAL, codeResult, codeTimeoutAdvice, NO_CODE } from '../format/input.js';
import { recoverIfFrozen } from '../recover.js';
import { fileName } from '../input-policy.js';

export const runCodeTools = [
  defineTool({
    name: 'browser_run_code_unsafe',
    group: 'core',
    title: 'Run Playwright code (unsafe)',
    description: 'Run a Playwright code snippet. Unsafe: executes arbitrary JavaScript in the server process and is RCE-equivalent. Off with --no-evaluate.',
    params: {
      code: z.string().optional().describe('A JavaScript function invoked with one argument, the Playwright page; its JSON result is returned. E.g. `async (page) => { await page.getByRole(\'button\', { name: \'Submit\' }).click(); return await page.title(); }`'),
      filename: fileName().optional().describe('Load the code from this file instead of code. Relative names are resolved against the workspace root.'),
    },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    runsCode: true,
    async handle(session, params, response) {
      let code = params.code;
      if (params.filename) {
        const path = checkFilePath(await session.filePolicy(), params.filename, 'Code file');
        code = await readFile(path, 'utf8').catch(error => {
          throw new Error(`Cannot read the code file ${path}: ${(error as Error).message}. Pass an existing file, or the code itself as "code".`);
        });
      }
      if (!code?.trim()) throw new Error(NO_CODE);
      recordInputCall(session, response, { method: 'runCode', code });
      const timeoutMs = Math.min(session.config.navigationTimeoutMs, 150_000);
      let result: { json: string | undefined } | undefined;
      try {
        result = await act(session, response, tab => runPlaywrightCode(tab.page, code, { timeoutMs }));
      } catch (error) {
        if (error instanceof RunCodeError && error.kind === 'timeout')
          throw new Error(`${codeTimeoutAdvice(error.message)} ${await recoverIfFrozen(session, session.currentTabOrUndefined())}`);
        throw error;
      }
      response.addResult(result ? codeResult(result.json) : CODE_CUT_BY_MODAL);
    },
  }),
];
