// browser_evaluate: runs the agent's JavaScript function in the page or on one element. Off with
// --no-evaluate. Elements it returns come back with refs so the agent can act on them next.
import { z } from 'zod';
import type { ElementHandle, Frame, JSHandle } from 'playwright';
import { defineTool } from '../define.js';
import { withDeadline } from '../../index.js';
import { writeRedactedText } from '../secrets.js';
import { act, describeTarget, elementParam, locate, targetAliases } from './common.js';
import { timestampedName } from '../files.js';
import { fileLink } from '../format/sections.js';
import type { Tab } from '../tab.js';
import { recordElementCall, recordPageCall } from '../codegen/record.js';

const EVALUATE_LIMIT_MS = 30_000;
const MAX_RESULT_CHARS = 20_000;
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
  return text.length > MAX_RESULT_CHARS ? text.slice(0, MAX_RESULT_CHARS) + `\n… (${text.length - MAX_RESULT_CHARS} more characters cut)` : text;
}

async function evaluateIn(frame: Frame, source: string, element: ElementHandle | undefined): Promise<{ result: JSHandle; isFunction: boolean }> {
  // The agent's text becomes a function in the page (never in this Node process); an expression
  // that is not a function is returned as its value.
  const fn = await frame.evaluateHandle(`(${source})`);
  const isFunction = await fn.evaluate(f => typeof f === 'function');
  return { result: await fn.evaluateHandle((f: unknown, el: unknown) => typeof f === 'function' ? f(el) : f, element), isFunction };
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
      target: z.string().optional().describe('Exact target element reference from the page snapshot, or a unique element selector; the function receives that element'),
      filename: z.string().optional().describe('Save the result to a file instead of returning it'),
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
      await act(session, response, async tab => {
        let element: ElementHandle | undefined;
        let frame = tab.page.mainFrame();
        if (params.target) {
          element = (await (await locate(tab, params.target)).elementHandle()) ?? undefined;
          frame = (await element?.ownerFrame()) ?? frame;
        }
        const evaluated = await withDeadline(evaluateIn(frame, params.function, element), EVALUATE_LIMIT_MS,
          () => new Error(`The function did not finish within ${EVALUATE_LIMIT_MS / 1000} s (an endless loop or a promise that never settles?). The page may stay frozen: open a fresh tab with browser_tabs action "new" and close this one.`));
        isFunction = evaluated.isFunction;
        text = await render(tab, evaluated.result);
        await evaluated.result.dispose().catch(() => {});
      });
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
