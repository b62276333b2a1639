// browser_evaluate: runs the agent's JavaScript function in the page or on one element. Off with
// --no-evaluate. Elements it returns come back with refs so the agent can act on them next.
import { z } from 'zod';
import type { ElementHandle, Frame, JSHandle } from 'playwright';
import { defineTool } from '../define.js';
import { untilCancelled, withDeadline } from '../../index.js';
import { writeRedactedText } from '../secrets.js';
import { act, describeTarget, elementParam, locate, targetAliases, targetString } from './common.js';
import { timestampedName } from '../files.js';
import { cutResult, fileLink } from '../format/sections.js';
import type { Tab } from '../tab.js';
import { recordElementCall, recordPageCall } from '../codegen/record.js';
import { describeEvaluateError, evaluateTimeoutMessage, NEVER_SETTLES, pageError } from '../format/evaluate.js';
import { recoverIfFrozen } from '../recover.js';
import { fileName } from '../input-policy.js';

/** The function ran past its limit; the handler then sees to the page. */
class EvaluateTimeout extends Error {
  constructor(readonly limitMs: number) { super(evaluateTimeoutMessage(limitMs)); }
}

const EVALUATE_LIMIT_MS = 30_000;
const MAX_ELEMENTS = 50;

async function describeElement(tab: Tab, handle: ElementHandle): Promise<string> {
  const ref = await tab.aria().then(aria => aria.refFor(handle)).catch(() => undefined);
  const tag = await handle.evaluate(el => (el as Element).localName).catch(() => 'element');
  return ref ? `<${tag}> [ref=${ref}]` : `<${tag}> (no ref: take a browser_snapshot to target it)`;
}

async function render(tab: Tab, result: JSHandle): Promise<string> {
  const element = result.asElement();
  if (element) return describeElement(tab, element);
  // Runs in the page: only classifies the value, so collections of elements get refs too.
  const isElementList = await result.evaluate(v => !!v && typeof v === 'object' && typeof (v as any).length === 'number'
    && !(typeof v === 'string') && Array.from(v as ArrayLike<unknown>).some(x => x instanceof Element)).catch(() => false);
  if (isElementList) {
    const array = await result.evaluateHandle(v => Array.from(v as ArrayLike<unknown>).slice(0, 50));
    const items = [...(await array.getProperties()).values()];
    const lines = await Promise.all(items.slice(0, MAX_ELEMENTS).map(async (item, i) => {
      const el = item.asElement();
      return `${i}: ${el ? await describeElement(tab, el) : JSON.stringify(await item.jsonValue().catch(() => undefined))}`;
    }));
    return lines.join('\n');
  }
  const value = await result.jsonValue().catch(error => `(not serializable: ${(error as Error).message.split('\n')[0]})`);
  const text = value === undefined ? 'undefined' : JSON.stringify(value, null, 2) ?? String(value);
  return cutResult(text);
}

async function evaluateIn(frame: Frame, source: string, element: ElementHandle | undefined): Promise<{ result: JSHandle; isFunction: boolean }> {
  // The agent's text becomes a function in the page (never in this Node process); an expression
  // that is not a function is returned as its value.
  const fn = await frame.evaluateHandle(`(${source})`).catch(error => { throw new Error(pageError('The function could not be read', describeEvaluateError(error))); });
  const isFunction = await fn.evaluate(f => typeof f === 'function');
  // What it throws is caught in the page, so the answer has the page's own words for it, not
  // Playwright's rewording (or a bare "undefined" for a thrown non-Error).
  const outcome = await fn.evaluateHandle(async (f: unknown, el: unknown) => {
    try {
      return { ok: true, value: typeof f === 'function' ? await f(el) : f };
    } catch (thrown) {
      const error = thrown instanceof Error ? { name: thrown.name, message: thrown.message, stack: String(thrown.stack ?? '') } : undefined;
      let shown: string;
      try { shown = typeof thrown === 'string' ? thrown : JSON.stringify(thrown) ?? String(thrown); } catch { shown = Object.prototype.toString.call(thrown); }
      return { ok: false, error, thrown: shown };
    }
  }, element).catch(error => {
    // The page dropped a promise nothing could resolve any more: it would never have settled.
    if (/Resulting promise was garbage collected/.test(String((error as Error)?.message))) throw new Error(NEVER_SETTLES);
    throw error;
  });
  if (!await outcome.evaluate(o => o.ok)) {
    const thrown = await outcome.evaluate(o => ({ error: o.error, thrown: o.thrown })).catch(() => ({ error: undefined, thrown: 'an error it could not describe' }));
    throw new Error(pageError('The function threw', thrown.error ?? { thrown: thrown.thrown }));
  }
  return { result: await outcome.evaluateHandle(o => o.value), isFunction };
}

/** The code shows a function, as Playwright MCP does: an expression `1+1` becomes `() => (1+1)`. */
function codeFunction(source: string, isFunction: boolean): string {
  return isFunction ? source : `() => (${source})`;
}

export const evaluateTools = [
  defineTool({
    name: 'browser_evaluate',
    group: 'core',
    title: 'Evaluate JavaScript',
    description: 'Evaluate JavaScript expression on page or element; returned elements get refs',
    params: {
      function: z.string().min(1).describe('() => { /* code */ } or (element) => { /* code */ } when an element is provided'),
      element: elementParam,
      target: targetString().optional().describe('Exact target element reference from the page snapshot, or a unique element selector; the function receives that element'),
      filename: fileName().optional().describe('Save the result to a file instead of returning it'),
    },
    aliases: targetAliases,
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    runsCode: true,
    async handle(session, params, response) {
      let text = '(no result: the page opened a dialog first, see Modal state)';
      const current = await session.ensureTab();
      // The element's locator is named before the function runs: the function may remove it.
      if (params.target) await recordElementCall(session, response, current, params.target, { method: 'evaluate', text: params.function });
      let isFunction = true;
      const limitMs = Math.min(session.config.navigationTimeoutMs, EVALUATE_LIMIT_MS);
      const running = act(session, response, async tab => {
        let element: ElementHandle | undefined;
        let frame = tab.page.mainFrame();
        if (params.target) {
          element = (await (await locate(tab, params.target)).elementHandle()) ?? undefined;
          frame = (await element?.ownerFrame()) ?? frame;
        }
        const evaluated = await untilCancelled(withDeadline(evaluateIn(frame, params.function, element), limitMs, () => new EvaluateTimeout(limitMs)));
        isFunction = evaluated.isFunction;
        text = await render(tab, evaluated.result);
        await evaluated.result.dispose().catch(() => {});
      });
      try {
        await running;
      } catch (error) {
        if (!(error instanceof EvaluateTimeout)) throw error;
        throw new Error(`${error.message} ${await recoverIfFrozen(session, current)}`);
      }
      // Recorded once it ran: only then is it known whether the text was a function or an expression.
      if (!params.target) recordPageCall(session, response, { method: 'evaluate', expression: codeFunction(params.function, isFunction) });
      const on = params.target ? ` on ${describeTarget({ element: params.element, target: params.target })}` : '';
      if (params.filename) {
        const path = await session.outputFile(params.filename, timestampedName('evaluate', 'json'), 'Evaluation result');
        writeRedactedText(session.config.secrets, path, text);
        response.addResult(`Evaluated${on}; the result is saved:\n${fileLink('Evaluation result', path)}`);
      } else {
        // The bare value, as Playwright MCP answers (`"Title"`); elements in it come with refs.
        response.addResult(text);
      }
    },
  }),
];
