// Guard for incremental snapshots: after random DOM mutation sequences, the snapshot of a page
// whose runtime has seen every earlier state (and may reuse work) must equal a snapshot computed
// from scratch: the same DOM rebuilt node by node in a fresh page (not through the HTML parser,
// which would re-parent script-built structures). Refs differ between the two pages, so they are
// compared as "[ref]" (which elements get one must still agree). In the live page itself, the
// incremental snapshot must also equal a forced full recompute (`incremental: false`) exactly,
// refs included. incremental-rich.test.ts and incremental-cases.test.ts go after CSS, label and
// control-state cases; this one after structure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, type BrowserContext, type Page } from 'playwright';
import { launchChromium, runtimeContext } from '../support/browser.js';
import { startLoopbackServer, type LoopbackServer } from '../support/server.js';

const SEEDS = 12;
const ROUNDS = 8;
const STEPS_PER_ROUND = 6;

let server: LoopbackServer;
let origin: string;
let browser: Browser;
let context: BrowserContext;
let live: Page;
let fresh: Page;
let counter = 0;

const START = `<!doctype html><html lang="en"><head><title>mutations</title></head><body>
<main><h1>Start</h1><ul id="list"><li>One</li><li>Two <a href="/x">link</a></li></ul>
<section aria-label="Panel"><p>Text <b>bold</b></p><button>Go</button><input type="checkbox" aria-label="Tick"></section>
<table><tr><td>A</td><td><button>B</button></td></tr></table></main></body></html>`;

beforeAll(async () => {
  server = await startLoopbackServer();
  origin = server.origin;
  browser = await launchChromium();
  context = await runtimeContext(browser);
  live = await context.newPage();
  fresh = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

function serve(html: string): string {
  const path = `/p${++counter}`;
  server.route(path, html);
  return `${origin}${path}`;
}

/**
 * Applies `steps` seeded random mutations in the page: insertions from a palette, removals,
 * moves, text edits and attribute flips that change roles, names, states and visibility.
 * Only attributes and structure change (no properties, no focus), so outerHTML captures the state.
 */
function mutate(page: Page, seed: number, steps: number): Promise<string[]> {
  return page.evaluate(([seedArg, stepsArg]) => {
    let a = seedArg >>> 0;
    const random = () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = Math.imul(a ^ (a >>> 15), a | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(list: ArrayLike<T>): T => list[Math.floor(random() * list.length)];
    const palette = [
      '<button>New button</button>', '<a href="/n">New link</a>', '<li>New item</li>', '<h2>New heading</h2>',
      '<input type="checkbox" checked aria-label="New box">', '<div>plain <span>text</span></div>',
      '<section aria-label="New region"><p>inside</p></section>', '<div role="button" tabindex="0">Fake</div>',
      '<select aria-label="Pick"><option>x</option><option selected>y</option></select>', '<input value="typed">',
    ];
    const flips: Array<[string, string]> = [
      ['aria-label', 'Relabelled'], ['hidden', ''], ['aria-hidden', 'true'], ['role', 'navigation'], ['disabled', ''],
      ['aria-expanded', 'true'], ['style', 'display:none'], ['style', 'visibility:hidden'], ['aria-checked', 'mixed'],
      ['title', 'Tip'], ['role', 'presentation'], ['aria-pressed', 'true'],
    ];
    const log: string[] = [];
    for (let i = 0; i < stepsArg; i++) {
      const elements = Array.from(document.body.querySelectorAll('*'));
      const target = elements.length ? pick(elements) : document.body;
      const roll = random();
      if (roll < 0.3) {
        const holder = document.createElement('template');
        holder.innerHTML = pick(palette);
        const node = holder.content.firstChild!;
        const parent = target.localName === 'input' || target.localName === 'select' ? target.parentElement ?? document.body : target;
        parent.insertBefore(node, random() < 0.5 ? parent.firstChild : null);
        log.push(`insert into ${parent.localName}`);
      } else if (roll < 0.45 && target !== document.body && elements.length > 4) {
        target.remove();
        log.push(`remove ${target.localName}`);
      } else if (roll < 0.55 && elements.length > 2) {
        const to = pick(elements);
        if (!target.contains(to) && to.localName !== 'input' && to.localName !== 'select') { to.appendChild(target); log.push(`move ${target.localName}`); }
      } else if (roll < 0.7) {
        const texts: Text[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) texts.push(walker.currentNode as Text);
        if (texts.length) { pick(texts).data = `edited ${i}`; log.push('text'); }
      } else {
        const [name, value] = pick(flips);
        if (target.hasAttribute(name)) target.removeAttribute(name); else target.setAttribute(name, value);
        log.push(`${target.localName} ${name}`);
      }
    }
    return log;
  }, [seed, steps] as const);
}

type Built = string | { tag: string; attrs: Array<[string, string]>; children: Built[] };

/** The body as plain data (elements with attributes, text), to rebuild elsewhere. */
const captureBody = (page: Page) => page.evaluate(() => {
  const capture = (node: Node): Built | null => {
    if (node.nodeType === Node.TEXT_NODE) return (node as Text).data;
    if (node.nodeType !== Node.ELEMENT_NODE) return null;
    const el = node as Element;
    const children = Array.from(el.childNodes).map(capture).filter((c): c is Built => c !== null);
    return { tag: el.localName, attrs: Array.from(el.attributes, a => [a.name, a.value] as [string, string]), children };
  };
  return capture(document.body) as Built;
});

/** Replaces the fresh page's body with the captured one, built with DOM calls. */
const rebuildBody = (page: Page, body: Built) => page.evaluate(data => {
  const build = (b: Built): Node => {
    if (typeof b === 'string') return document.createTextNode(b);
    const el = document.createElement(b.tag);
    for (const [name, value] of b.attrs) el.setAttribute(name, value);
    for (const child of b.children) el.appendChild(build(child));
    return el;
  };
  const built = build(data) as HTMLElement;
  document.body.replaceWith(built);
}, body);

const snapshotOf = (page: Page, options: Record<string, unknown> = {}) =>
  page.evaluate(o => (globalThis as any).__ariaref.snapshot(o).yaml as string, options);
const withoutRefs = (yaml: string) => yaml.replace(/\[ref=[a-z0-9]+\]/g, '[ref]');

describe('incremental snapshot guard: live runtime vs snapshot from scratch', () => {
  for (let seed = 1; seed <= SEEDS; seed++) {
    it(`random mutation sequence, seed ${seed}`, async () => {
      await live.goto(serve(START));
      await snapshotOf(live);  // the runtime has now seen the first state
      const history: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        history.push(...await mutate(live, seed * 1000 + round, STEPS_PER_ROUND));
        const incremental = await snapshotOf(live);
        expect({ round, history, yaml: incremental }).toEqual({ round, history, yaml: await snapshotOf(live, { incremental: false }) });
        // A new document each round: nothing the fresh runtime computed before can be reused.
        await fresh.goto(serve('<!doctype html><html lang="en"><head><title>mutations</title></head><body></body></html>'));
        await rebuildBody(fresh, await captureBody(live));
        const scratch = await snapshotOf(fresh);
        expect({ round, history, yaml: withoutRefs(incremental) }).toEqual({ round, history, yaml: withoutRefs(scratch) });
      }
    });
  }
});
