// browser_wait_for: wait for any of several texts to appear, a text to disappear, or a time,
// looking in every frame of the page. Bounded so a page that never changes can't hang the call.
import { z } from 'zod';
import type { Page } from 'playwright';
import { defineTool } from '../define.js';
import { cancellableSleep, shownText } from '../../index.js';
import { recordPageCall } from '../codegen/record.js';
import { answerSnapshotRequest } from '../render.js';
import { boundedNumber } from '../input-policy.js';

/** Pauses between checks: soon at first (a text often appears right after the action before), then every 100 ms. */
const POLL_DELAYS_MS = [20, 50, 100];
const MAX_TIME_S = 30;

/** Checks until `check` gives an answer or the deadline passes (then checks once more). */
async function pollUntil<T>(page: Page, deadline: number, check: () => Promise<T | undefined>): Promise<T | undefined> {
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    if (page.isClosed()) throw new Error('The tab closed while waiting. Use browser_tabs to see the open tabs.');
    const answer = await check();
    if (answer !== undefined) return answer;
    await cancellableSleep(Math.min(POLL_DELAYS_MS[Math.min(attempt, POLL_DELAYS_MS.length - 1)], Math.max(0, deadline - Date.now())));
  }
  return check();
}

/** Playwright's own timeout sentence first (clients match it), then what was still missing and the next step. */
function waitTimedOut(timeoutMs: number, what: string): string {
  return `Timeout ${Math.round(timeoutMs)}ms exceeded. ${what.charAt(0).toUpperCase()}${what.slice(1)}. Take a snapshot to see what the page shows, or wait longer with "timeout".`;
}

export const waitTools = [
  defineTool({
    name: 'browser_wait_for',
    group: 'core',
    title: 'Wait for',
    description: 'Wait for text to appear or disappear or a specified time to pass',
    params: {
      time: boundedNumber('time', 0, MAX_TIME_S, 'seconds').optional().describe(`The time to wait in seconds (at most ${MAX_TIME_S})`),
      text: z.union([z.string(), z.array(z.string())]).optional().describe('The text to wait for (any of several)'),
      textGone: z.string().optional().describe('The text to wait for to disappear'),
      timeout: boundedNumber('timeout', 0, 120, 'seconds').optional().describe('Seconds to give up after'),
    },
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
    async handle(session, params, response) {
      if (params.time === undefined && params.text === undefined && params.textGone === undefined)
        throw new Error('browser_wait_for needs one of "text", "textGone" or "time".');
      // Checked here rather than in the schema: its constraints cost tokens on every turn.
      const texts = params.text === undefined ? [] : Array.isArray(params.text) ? params.text : [params.text];
      if (params.text !== undefined && (!texts.length || texts.some(text => !text)) || params.textGone === '')
        throw new Error('browser_wait_for: "text" and "textGone" must be non-empty text. Pass the words you expect to see (or to disappear).');
      const tab = await session.ensureTab();
      const started = Date.now();
      if (params.time !== undefined && params.text === undefined && params.textGone === undefined) {
        recordPageCall(session, response, { method: 'waitForTimeout', ms: Math.round(params.time * 1000) });
        await cancellableSleep(params.time * 1000);
        response.addResult(`Waited for ${params.time} seconds`);
        response.setIncludeSnapshot();
        return;
      }
      // As long as an action may wait (--timeout-action, 5 s by default), as in Playwright MCP, unless the call says.
      const timeoutMs = params.timeout !== undefined ? params.timeout * 1000 : params.time !== undefined ? params.time * 1000 : session.config.actionTimeoutMs;
      const deadline = started + timeoutMs;
      const found: string[] = [];
      if (texts.length) {
        // When the text shows, the check reads the answer's snapshot in the same call (unless
        // another text must go first: the page changes meanwhile).
        const request = params.textGone === undefined ? await answerSnapshotRequest(session, tab) : undefined;
        const read = request && { ...request, readFor: response.snapshotReadBy = {} };
        const appeared = await pollUntil(tab.page, deadline, () => shownText(tab.page, texts, read));
        if (appeared !== undefined) found.push(appeared);
        else throw new Error(waitTimedOut(timeoutMs, `none of ${texts.map(t => JSON.stringify(t)).join(', ')} appeared`));
      }
      if (params.textGone !== undefined) {
        const gone = await pollUntil(tab.page, deadline, async () => (await shownText(tab.page, [params.textGone!])) === undefined ? true : undefined);
        if (!gone) throw new Error(waitTimedOut(timeoutMs, `${JSON.stringify(params.textGone)} is still visible`));
      }
      if (found[0] !== undefined) recordPageCall(session, response, { method: 'waitForText', text: found[0], state: 'visible' });
      if (params.textGone !== undefined) recordPageCall(session, response, { method: 'waitForText', text: params.textGone, state: 'hidden' });
      // Playwright MCP's words ("Waited for X"), then ours: which of several appeared, and when.
      response.addResult(`Waited for ${found[0] ?? params.textGone}`);
      const parts = [found.length ? `${JSON.stringify(found[0])} appeared` : '', params.textGone !== undefined ? `${JSON.stringify(params.textGone)} is gone` : ''].filter(Boolean);
      response.addResult(`${parts.join(' and ')} after ${Date.now() - started} ms.`);
      response.setIncludeSnapshot();
    },
  }),
];
