// Incremental snapshots against their own full recompute, in the same page: after each round of
// seeded random changes, `snapshot()` (which reuses the unchanged subtrees of earlier passes) must
// equal `snapshot({ incremental: false })` (which computes everything and leaves the cache alone)
// character for character, refs included. The changes aim at what reuse can get wrong: names
// from the content of ancestors, text inside aria-labelledby/-describedby targets and labels, ids
// and `for` moving, CSS sibling and :nth-child rules flipped by attributes and classes, :has()
// rules, insertRule/deleteRule and in-place CSSOM edits, adopted sheets, control state set by
// script (no event), focus, resize and media queries, shadow roots and slots, aria-owns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, type Page } from 'playwright';
import { launchChromium, runtimeContext } from '../support/browser.js';
import { startLoopbackServer, type LoopbackServer } from '../support/server.js';

const SEEDS = Number(process.env.RICH_SEEDS ?? 10);
const ROUNDS = 14;

// Odd seeds: sheets with sibling combinators and structural pseudo-classes (a change dirties its
// parent's subtree). Even seeds: none (a change dirties its own subtree) until a rule adds some.
const SIBLING_RULES = `.menu { display: none }
[aria-expanded=true] + .menu { display: block }
.toggle.on ~ .later { visibility: hidden }
li:nth-child(4) { display: none }
input:checked + .after-check { display: none }
.empty-hides:empty + .next { display: none }`;
const SUBTREE_RULES = `.menu { display: none }
[aria-expanded=true] .menu { display: block }
.on .later { visibility: hidden }
.toggle li { display: none }
.checked-group .after-check { display: none }`;

const start = (siblings: boolean) => `<!doctype html><html lang="en"><head><title>rich</title>
<style id="rules">
${siblings ? SIBLING_RULES : SUBTREE_RULES}
.badge::before { content: "New " }
@media (max-width: 500px) { .wide-only { display: none } }
</style>
<script>
customElements.define('my-el', class extends HTMLElement {
  connectedCallback() {
    if (!this.shadowRoot) this.attachShadow({ mode: 'open' }).innerHTML = '<h3><slot name="s">fallback</slot></h3><slot></slot><p>Shadow <em>text</em></p>';
  }
});
</script></head><body>
<main>
<div class="group"><h1 class="badge">Title <span>deep <b>bold</b></span></h1></div>
<div class="group"><button aria-expanded="false" class="opener">Open</button><div class="menu"><a href="/m1">Menu one</a><button>Menu two</button></div></div>
<div class="group"><ul id="list"><li>One</li><li>Two <a href="/x">link</a></li><li class="toggle">Toggle</li><li>Four</li><li class="later">Later <button>Late</button></li></ul></div>
<div class="group"><div><span id="lbl">Label <i>text</i></span></div><div><button aria-labelledby="lbl">X</button></div></div>
<div class="group"><div><button aria-describedby="desc">Described</button></div><div><p id="desc">Desc <b>text</b></p></div></div>
<div class="group"><div><label for="f1">Field <b>label</b></label></div><div><input id="f1" value="start"></div></div>
<div class="group"><label>Wrap <i>x</i> <input type="checkbox" id="c1"><span class="after-check">shown when unchecked</span></label></div>
<div class="group"><select aria-label="Pick"><option>a</option><option selected>b</option></select></div>
<div class="group"><div class="wide-only"><button>Wide</button></div></div>
<div class="group"><div class="empty-hides"></div><div class="next"><button>Next</button></div></div>
<div class="group"><table><tr><th>H</th><td>A</td></tr><tr><td><button>B <span>cell</span></button></td><td></td></tr></table></div>
<div class="group"><table><tbody><tr><td></td><th>Mid</th><td><span>y</span></td></tr><tr><th>Only</th></tr></tbody></table></div>
<div class="group"><details open><summary>First</summary><p>Open <b>detail</b></p></details></div>
<div class="group"><my-el><span slot="s">Slotted</span><b>default</b></my-el></div>
<div class="group"><div role="button" tabindex="0">Fake <span>content</span></div></div>
<div class="group"><details><summary>More</summary><p>Hidden <a href="/d">detail</a></p></details></div>
</main></body></html>`;

let server: LoopbackServer;
let origin: string;
let browser: Browser;
let page: Page;
const modes: Array<{ mode: string; reused: number }> = [];

beforeAll(async () => {
  server = await startLoopbackServer({
    fallback: (_req, res, path) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(start(path === '/siblings'));
    },
  });
  origin = `${server.origin}/`;
  browser = await launchChromium();
  const context = await runtimeContext(browser, { viewport: { width: 800, height: 600 } });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Seeded random changes made by page script: structure, text, attributes, CSSOM, control state, focus. */
function change(seed: number, steps: number): Promise<string[]> {
  return page.evaluate(([seedArg, stepsArg]) => {
    let a = seedArg >>> 0;
    const random = () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = Math.imul(a ^ (a >>> 15), a | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(list: ArrayLike<T>): T => list[Math.floor(random() * list.length)];
    // Every element, open shadow roots included: changes inside shadow trees count too.
    const all = (): Element[] => {
      const found: Element[] = [];
      const visit = (root: ParentNode) => {
        for (const el of Array.from(root.querySelectorAll('*'))) {
          found.push(el);
          if (el.shadowRoot) visit(el.shadowRoot);
        }
      };
      visit(document.body);
      return found;
    };
    const texts = (): Text[] => {
      const found: Text[] = [];
      for (const root of [document.body as Node, ...all().map(e => e.shadowRoot).filter(Boolean) as Node[]]) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) found.push(walker.currentNode as Text);
      }
      return found;
    };
    const palette = [
      '<button>New button</button>', '<a href="/n">New <b>link</b></a>', '<li>New item</li>', '<h2>New <i>heading</i></h2>',
      '<input type="checkbox" checked aria-label="New box">', '<div>plain <span>text</span></div>',
      '<section aria-label="New region"><p>inside</p></section>', '<div role="button" tabindex="0">Fake</div>',
      '<span id="lbl">Stolen label</span>', '<button aria-labelledby="lbl desc">Labelled</button>', '<label for="f1">Other label</label>',
      '<div class="menu"><button>Menu item</button></div>', '<my-el><i slot="s">New slotted</i></my-el>', '<input value="typed">',
      '<span class="toggle on">T</span>', '<p class="later">Later <a href="/l">text</a></p>', '',
    ];
    const flips: Array<[string, string]> = [
      ['aria-label', 'Relabelled'], ['hidden', ''], ['aria-hidden', 'true'], ['role', 'navigation'], ['disabled', ''],
      ['aria-expanded', 'true'], ['style', 'display:none'], ['style', 'visibility:hidden'], ['class', 'on'], ['class', 'toggle on'],
      ['class', 'menu'], ['id', 'lbl'], ['id', 'desc'], ['for', 'f1'], ['aria-labelledby', 'lbl'], ['slot', 's'], ['title', 'Tip'],
      ['role', 'presentation'], ['open', ''], ['aria-describedby', 'desc'], ['tabindex', '0'], ['class', 'checked-group'],
      ['aria-expanded', 'false'],
    ];
    const rules = [
      '.on { display: none }', 'b { visibility: hidden }', '.later::after { content: " (late)" }', 'li:first-child { display: none }',
      seedArg % 3 ? '.group em { display: none }' : 'span + button { display: none }', 'em { display: none }', 'a:nth-of-type(2) { pointer-events: none }',
    ];
    const sheet = (document.getElementById('rules') as HTMLStyleElement).sheet!;
    const log: string[] = [];
    for (let i = 0; i < stepsArg; i++) {
      const elements = all();
      const target = pick(elements);
      const roll = random();
      if (roll < 0.2) {
        const holder = document.createElement('template');
        holder.innerHTML = pick(palette) || `text ${i}`;
        const node = holder.content.firstChild!;
        const parent = ['input', 'select', 'textarea'].includes(target.localName) ? target.parentElement ?? document.body : target;
        parent.insertBefore(node, random() < 0.5 ? parent.firstChild : null);
        log.push(`insert into ${parent.localName}`);
      } else if (roll < 0.3 && elements.length > 8 && !['main', 'div'].includes(target.localName)) {
        target.remove();
        log.push(`remove ${target.localName}`);
      } else if (roll < 0.37) {
        const to = pick(elements);
        if (!target.contains(to) && !['input', 'select'].includes(to.localName) && !['main', 'div'].includes(target.localName)) { to.appendChild(target); log.push(`move ${target.localName}`); }
      } else if (roll < 0.43) {
        // Our own computation reads siblings here: a <th>'s role follows its neighbour cells, a
        // <details> shows only its first <summary>.
        const cells = elements.filter(e => ['td', 'th', 'details', 'summary'].includes(e.localName));
        const cell = cells.length ? pick(cells) : target;
        if (cell.localName === 'details' && random() < 0.6) cell.insertBefore(document.createElement('summary'), cell.firstChild).textContent = `Summary ${i}`;
        else if (random() < 0.5) cell.replaceChildren();
        else cell.append(random() < 0.5 ? `cell ${i}` : document.createElement('span'));
        log.push(`restructure ${cell.localName}`);
      } else if (roll < 0.55) {
        const found = texts();
        if (found.length) { const text = pick(found); text.data = random() < 0.15 ? '' : `edited ${i}`; log.push(`text in ${text.parentNode?.nodeName}`); }
      } else if (roll < 0.75) {
        const [name, value] = pick(flips);
        if (name === 'class') target.classList.toggle(value.split(' ').pop()!);
        else if (target.hasAttribute(name)) target.removeAttribute(name);
        else target.setAttribute(name, value);
        log.push(`${target.localName} ${name}`);
      } else if (roll < 0.84) {
        // Control state changed by script: no attribute, no event.
        const controls = elements.filter(e => ['input', 'select'].includes(e.localName)) as Array<HTMLInputElement | HTMLSelectElement>;
        if (controls.length) {
          const control = pick(controls);
          if (control instanceof HTMLSelectElement) control.selectedIndex = Math.floor(random() * control.options.length);
          else if (control.type === 'checkbox') { if (random() < 0.2) control.indeterminate = !control.indeterminate; else control.checked = !control.checked; }
          else control.value = random() < 0.3 ? '' : `value ${i}`;
          log.push(`state of ${control.localName}`);
        }
      } else if (roll < 0.92) {
        const kind = random();
        if (kind < 0.45) { sheet.insertRule(pick(rules), sheet.cssRules.length); log.push('insertRule'); }
        else if (kind < 0.7 && sheet.cssRules.length) { sheet.deleteRule(Math.floor(random() * sheet.cssRules.length)); log.push('deleteRule'); }
        else if (kind < 0.85 && sheet.cssRules.length) {
          const rule = sheet.cssRules[Math.floor(random() * sheet.cssRules.length)] as CSSStyleRule;
          if (rule.style) { rule.style.setProperty('display', random() < 0.5 ? 'none' : 'block'); log.push('rule edited in place'); }
        } else if (kind < 0.95) {
          const adopted = new CSSStyleSheet();
          adopted.replaceSync(pick(rules));
          document.adoptedStyleSheets = random() < 0.5 ? [adopted] : [];
          log.push('adoptedStyleSheets');
        } else { sheet.insertRule('main:has(.on) h1 { display: none }', sheet.cssRules.length); log.push(':has rule'); }
      } else if (roll < 0.98) {
        const focusable = elements.filter(e => (e as HTMLElement).tabIndex >= 0) as HTMLElement[];
        if (focusable.length && random() < 0.8) { const el = pick(focusable); el.focus(); log.push(`focus ${el.localName}`); }
        else { (document.activeElement as HTMLElement | null)?.blur(); log.push('blur'); }
      } else {
        if (target.hasAttribute('aria-owns')) target.removeAttribute('aria-owns'); else target.setAttribute('aria-owns', 'list');
        log.push(`${target.localName} aria-owns`);
      }
    }
    return log;
  }, [seed, steps] as const);
}

type Snap = { yaml: string; incremental?: { mode: string; reason: string; reused: number } };
const snapshot = (options: Record<string, unknown>) =>
  page.evaluate(o => (globalThis as any).__ariaref.snapshot(o) as Snap, options);

describe('incremental snapshot equals its full recompute (same page, refs included)', () => {
  for (let seed = 1; seed <= SEEDS; seed++) {
    it(`random changes, seed ${seed}`, async () => {
      await page.setViewportSize({ width: 800, height: 600 });
      await page.goto(`${origin}${seed % 2 ? 'siblings' : 'subtree'}`);
      await snapshot({});
      const history: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        if (round % 5 === 4) {
          const width = round % 10 === 4 ? 400 : 800;
          await page.setViewportSize({ width, height: 600 });
          history.push(`resize ${width}`);
        }
        history.push(...await change(seed * 1000 + round, 1 + (round % 3)));
        const incremental = await snapshot({ debugIncremental: true });
        const full = await snapshot({ incremental: false });
        modes.push({ mode: incremental.incremental!.mode, reused: incremental.incremental!.reused });
        expect({ round, history, yaml: incremental.yaml }).toEqual({ round, history, yaml: full.yaml });
      }
    });
  }

  it('actually reused work in most rounds (the comparisons above are not all full recomputes)', () => {
    const partial = modes.filter(m => m.mode === 'partial' && m.reused > 0).length;
    expect(modes.length).toBe(SEEDS * ROUNDS);
    expect(partial).toBeGreaterThan(modes.length * 0.3);
  });
});
