// browser_pick: a person and the agent share one headed browser. The element under the mouse is
// outlined; the person's click is kept from the page and answered with that element's ref, its
// snapshot line and its ancestors, so the agent can act on "this one". Escape cancels.
import { z } from 'zod';
import type { ElementHandle, Frame, JSHandle } from 'playwright';
import { defineTool } from '../define.js';
import type { Tab } from '../tab.js';
import { pickWording } from '../format/pick.js';
import { setPicked } from '../picked.js';
import { wholeNumber } from '../input-policy.js';

const DEFAULT_TIMEOUT_MS = 120_000;
/** An element without a ref of its own (a bare <span>) answers with its nearest ancestor that has one. */
const MAX_CLIMB = 12;

export type PickOutcome =
  | { kind: 'picked'; ref: string; line: string; path: string }
  | { kind: 'cancelled' }
  | { kind: 'timeout' };

/** In each frame: outline what is under the mouse, swallow the pointer events, resolve on click/Escape/timeout. */
function pickInFrame(timeoutMs: number): Promise<Element | string> {
  type PickWindow = Window & { __ariarefPickCancel?: () => void };
  const win = window as PickWindow;
  win.__ariarefPickCancel?.();
  return new Promise(resolve => {
    const box = document.createElement('div');
    box.setAttribute('aria-hidden', 'true');
    box.style.cssText = 'position:fixed;pointer-events:none;z-index:2147483647;outline:2px solid #1a73e8;background:rgba(26,115,232,.18);display:none';
    (document.body ?? document.documentElement).appendChild(box);
    const under = (event: Event) => (event.composedPath()[0] as Element | undefined) ?? (event.target as Element);
    const move = (event: Event) => {
      const element = under(event);
      if (!(element instanceof Element) || element === box) return;
      const r = element.getBoundingClientRect();
      Object.assign(box.style, { display: 'block', left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px` });
    };
    const swallow = (event: Event) => { event.preventDefault(); event.stopPropagation(); event.stopImmediatePropagation(); };
    const click = (event: Event) => { swallow(event); finish(under(event)); };
    const key = (event: KeyboardEvent) => { if (event.key === 'Escape') { swallow(event); finish('cancelled'); } };
    const swallowed = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'dblclick', 'auxclick', 'contextmenu'];
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    function finish(value: Element | string) {
      clearTimeout(timer);
      removeEventListener('pointermove', move, true);
      removeEventListener('mouseover', move, true);
      removeEventListener('click', click, true);
      removeEventListener('keydown', key, true);
      for (const type of swallowed) removeEventListener(type, swallow, true);
      box.remove();
      if (win.__ariarefPickCancel === cancel) delete win.__ariarefPickCancel;
      resolve(value);
    }
    const cancel = () => finish('cancelled');
    win.__ariarefPickCancel = cancel;
    addEventListener('pointermove', move, true);
    addEventListener('mouseover', move, true);
    addEventListener('click', click, true);
    addEventListener('keydown', key, true);
    for (const type of swallowed) addEventListener(type, swallow, true);
  });
}

/** The snapshot line of `ref` and its ancestors' lines, `main > form "Login" > button "Sign in" [ref=e9]`. */
export function lineAndPath(yaml: string, ref: string): { line: string; path: string } | undefined {
  const lines = yaml.split('\n');
  const at = lines.findIndex(l => l.includes(`[ref=${ref}]`));
  if (at < 0) return undefined;
  const clean = (l: string) => l.trim().replace(/^- /, '').replace(/:$/, '');
  const chain = [clean(lines[at]!)];
  let indent = lines[at]!.search(/\S/);
  for (let i = at - 1; i >= 0 && indent > 0; i--) {
    const own = lines[i]!.search(/\S/);
    if (own < 0 || own >= indent || !lines[i]!.trim().startsWith('- ')) continue;
    indent = own;
    chain.unshift(clean(lines[i]!).replace(/ \[ref=[^\]]+\]/, ''));
  }
  return { line: chain[chain.length - 1]!, path: chain.join(' > ') };
}

/** Lets the person pick an element; every frame listens, the first click anywhere wins. The picked element is marked in later snapshots. */
export async function pickElement(tab: Tab, timeoutMs: number): Promise<PickOutcome> {
  const aria = await tab.aria();
  const frames = tab.page.frames().filter(f => !f.isDetached());
  const cancelAll = (except?: Frame) => Promise.all(frames.filter(f => f !== except)
    .map(f => f.evaluate(() => (window as Window & { __ariarefPickCancel?: () => void }).__ariarefPickCancel?.()).catch(() => {})));
  const answers = frames.map(frame => frame.evaluateHandle(pickInFrame, timeoutMs).then(handle => ({ frame, handle })));
  // A frame that navigates away rejects; the pick goes on in the others.
  const first = await new Promise<{ frame: Frame; handle: JSHandle } | undefined>(resolve => {
    let left = answers.length;
    for (const answer of answers) answer.then(resolve, () => { if (--left === 0) resolve(undefined); });
  });
  if (!first) throw new Error(pickWording.navigated);
  await cancelAll(first.frame);
  let element = first.handle.asElement();
  if (!element) {
    const value = await first.handle.jsonValue().catch(() => 'cancelled');
    return { kind: value === 'timeout' ? 'timeout' : 'cancelled' };
  }
  // The element as the snapshot shows it: a bare <span> inside a button answers as the button.
  const yaml = await aria.snapshot();
  let ref: string | undefined;
  let found: { line: string; path: string } | undefined;
  for (let climb = 0; element && climb < MAX_CLIMB && !found; climb++) {
    ref = await aria.refFor(element);
    found = ref ? lineAndPath(yaml, ref) : undefined;
    if (found) break;
    const parent: ElementHandle<Element> | null = await element.evaluateHandle(e => e.parentElement ?? ((e.getRootNode() as ShadowRoot).host ?? null))
      .then(h => h.asElement() as ElementHandle<Element> | null).catch(() => null);
    element = parent;
  }
  if (!ref || !found) throw new Error(pickWording.notInSnapshot);
  setPicked(tab.page, ref);
  return { kind: 'picked', ref, ...found };
}

export const pickTools = [
  defineTool({
    name: 'browser_pick',
    group: 'devtools',
    title: 'Let the user pick an element',
    description: 'Headed only: the user clicks an element (not passed to the page); returns its ref, snapshot line and ancestors. Escape cancels',
    params: {
      timeout: wholeNumber('timeout', 1000, 150_000, 'ms').optional().describe(`Give up after this many ms (default ${DEFAULT_TIMEOUT_MS})`),
    },
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
    async handle(session, params, response) {
      if (session.config.headless)
        throw new Error(pickWording.headless);
      const tab = await session.ensureTab();
      await tab.page.bringToFront().catch(() => {});
      const timeout = params.timeout ?? DEFAULT_TIMEOUT_MS;
      const outcome = await pickElement(tab, timeout);
      if (outcome.kind === 'timeout') throw new Error(pickWording.timeout(timeout));
      if (outcome.kind === 'cancelled') { response.addResult(pickWording.cancelled); return; }
      response.addResult(pickWording.picked(outcome.line, outcome.path));
    },
  }),
];
