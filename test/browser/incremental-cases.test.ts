// Incremental snapshots, case by case: one page, one snapshot, one change that a MutationObserver
// sees only partly (or not at all), then the incremental snapshot must equal a forced full
// recompute of the same page (refs included). `partial` cases must also have reused work: they
// check the dirty marks are precise enough to matter, and would fail if reuse silently stopped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, type Page } from 'playwright';
import { launchChromium, runtimeContext } from '../support/browser.js';
import { startLoopbackServer, type LoopbackServer } from '../support/server.js';

interface Case {
  name: string;
  html: string;
  /** Page script run between the two snapshots. */
  change: string;
  /** Or a change driven from Node (viewport, mouse). */
  drive?: (page: Page) => Promise<void>;
  /** The incremental pass must have reused elements (the change is local). */
  partial?: boolean;
}

const groups = (...parts: string[]) => parts.map(p => `<div class="g"><div>${p}</div></div>`).join('\n');

const cases: Case[] = [
  {
    name: 'a <th> whose neighbour cell empties changes role (no sibling CSS)',
    html: groups('<table><tr><th>H</th><td id="t">A</td></tr><tr><td>x</td><td>y</td></tr></table>', '<button>Other</button>'),
    change: `document.getElementById('t').replaceChildren()`, partial: true,
  },
  {
    name: 'a sort rewrites aria-rowindex and moves no row element (a virtualizing grid)',
    html: groups(`<div role="grid">${[1, 2, 3].map(i => `<div role="row" aria-rowindex="${i}"><div role="gridcell">r${i}</div><div role="gridcell">x</div></div>`).join('')}</div>`, '<button>Other</button>'),
    change: `document.querySelectorAll('[role=row]').forEach((row, i) => row.setAttribute('aria-rowindex', String(3 - i)))`, partial: true,
  },
  {
    name: 'a new first <summary> replaces the shown one',
    html: groups('<details><summary>Old</summary><p>Body</p></details>', '<button>Other</button>'),
    change: `const d = document.querySelector('details'); const s = document.createElement('summary'); s.textContent = 'New'; d.prepend(s)`, partial: true,
  },
  {
    name: 'a label whose `for` moves away leaves its old control unnamed',
    html: groups('<label id="l" for="a">Name</label>', '<input id="a">', '<input id="b">', '<button>Other</button>'),
    change: `document.getElementById('l').setAttribute('for', 'b')`, partial: true,
  },
  {
    name: 'a wrapping label gains an earlier control',
    html: groups('<label>Wrap <i>x</i> <input type="checkbox" id="c"></label>', '<button>Other</button>'),
    change: `document.querySelector('i').append(Object.assign(document.createElement('input'), { type: 'checkbox' }))`, partial: true,
  },
  {
    name: 'text deep inside an aria-labelledby target',
    html: groups('<span id="lbl">Label <b><i>deep</i></b></span>', '<div><button aria-labelledby="lbl">X</button></div>', '<button>Other</button>'),
    change: `document.querySelector('i').textContent = 'changed'`, partial: true,
  },
  {
    name: 'an aria-describedby target moves its id',
    html: groups('<p id="d1">First</p><p>Second</p>', '<div><button aria-describedby="d1">X</button></div>', '<button>Other</button>'),
    change: `const [a, b] = document.querySelectorAll('p'); a.removeAttribute('id'); b.id = 'd1'`, partial: true,
  },
  {
    name: 'a name from content that follows an invalid aria-owns (owning an ancestor)',
    html: groups('<ul id="list"><li>One <a href="/x">link</a></li><li><button aria-owns="list">Late</button></li></ul>', '<button>Other</button>'),
    change: `document.querySelector('a').textContent = 'edited'`,
  },
  {
    name: 'an attribute flips a CSS sibling selector',
    html: `<style>.menu { display: none } [aria-expanded=true] + .menu { display: block }</style>` +
      groups('<button aria-expanded="false">Open</button><div class="menu"><a href="/m">Item</a></div>', '<button>Other</button>'),
    change: `document.querySelector('[aria-expanded]').setAttribute('aria-expanded', 'true')`, partial: true,
  },
  {
    name: 'a class toggle under a :has() rule',
    html: `<style>main:has(.on) h1 { display: none }</style><main><h1>Title</h1>${groups('<span>Toggle</span>', '<button>Other</button>')}</main>`,
    change: `document.querySelector('span').classList.add('on')`,
  },
  {
    name: 'insertRule hides an element',
    html: `<style id="s"></style>` + groups('<b>bold</b> text', '<button>Other</button>'),
    change: `document.getElementById('s').sheet.insertRule('b { display: none }')`,
  },
  {
    name: 'a rule edited in place through the CSSOM',
    html: `<style id="s">.x { color: red }</style>` + groups('<span class="x">styled</span>', '<button>Other</button>'),
    change: `document.getElementById('s').sheet.cssRules[0].style.display = 'none'`,
  },
  {
    name: 'adoptedStyleSheets',
    html: groups('<em>hide me</em>', '<button>Other</button>'),
    change: `const s = new CSSStyleSheet(); s.replaceSync('em { visibility: hidden }'); document.adoptedStyleSheets = [s]`,
  },
  {
    name: 'checked set by script restyles a sibling (no event)',
    html: `<style>input:checked + span { display: none }</style>` + groups('<input type="checkbox" aria-label="Tick"><span>shown when unchecked</span>', '<button>Other</button>'),
    change: `document.querySelector('input').checked = true`, partial: true,
  },
  {
    name: 'a value set by script',
    html: groups('<input aria-label="Field" value="start">', '<button>Other</button>'),
    change: `document.querySelector('input').value = 'typed'`, partial: true,
  },
  {
    name: 'selectedIndex set by script',
    html: groups('<select aria-label="Pick"><option>a</option><option>b</option></select>', '<button>Other</button>'),
    change: `document.querySelector('select').selectedIndex = 1`, partial: true,
  },
  {
    name: 'focus moves the [active] marker',
    html: groups('<button id="a">A</button>', '<button id="b">B</button>', '<p>Text</p>'),
    change: `document.getElementById('b').focus()`, partial: true,
  },
  {
    name: 'a :focus-within rule',
    html: `<style>.tip { display: none } .box:focus-within .tip { display: block }</style>` +
      groups('<div class="box"><input aria-label="In"><span class="tip">Tip</span></div>', '<button>Other</button>'),
    change: `document.querySelector('input').focus()`,
  },
  {
    name: 'a resize crosses a media query',
    html: `<style>@media (max-width: 500px) { .wide { display: none } }</style>` + groups('<button class="wide">Wide</button>', '<button>Other</button>'),
    change: '', drive: page => page.setViewportSize({ width: 400, height: 600 }),
  },
  {
    name: 'a :hover rule when the mouse moves',
    html: `<style>.tip { display: none } .box:hover .tip { display: inline }</style>` +
      groups('<div class="box" style="height: 50px">Hover <span class="tip">Tip</span></div>', '<button>Other</button>'),
    change: '', drive: page => page.mouse.move(20, 30),
  },
  {
    name: 'a shadow root attached to an element already in the page',
    html: groups('<div id="host"><span>light</span></div>', '<button>Other</button>'),
    change: `document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML = '<h2>Shadow</h2><slot></slot>'`, partial: true,
  },
  {
    name: 'text inside a shadow root, and a slot assignment',
    html: groups('<x-card><span slot="t">Title</span></x-card>', '<button>Other</button>') +
      `<script>customElements.define('x-card', class extends HTMLElement { connectedCallback() {
        if (!this.shadowRoot) this.attachShadow({ mode: 'open' }).innerHTML = '<h2><slot name="t">none</slot></h2><p>Body <b>text</b></p>'; } });</script>`,
    change: `const card = document.querySelector('x-card'); card.shadowRoot.querySelector('b').textContent = 'edited'; card.querySelector('span').slot = 'other'`, partial: true,
  },
  {
    name: 'customElements.define after the first snapshot (:not(:defined))',
    html: `<style>x-late:not(:defined) { display: none }</style>` + groups('<x-late><button>Late</button></x-late>', '<button>Other</button>'),
    change: `customElements.define('x-late', class extends HTMLElement {})`,
  },
  {
    name: 'a password value set by script is scrubbed from names',
    html: groups('<label><input type="checkbox"> Use <input type="text" id="p" value="hunter2"></label>', '<button>Other</button>'),
    change: `document.getElementById('p').type = 'password'`,
  },
  {
    name: 'a popover shown by script',
    html: groups('<div popover id="pop"><button>In popover</button></div>', '<button>Other</button>'),
    change: `document.getElementById('pop').showPopover()`,
  },
  {
    name: 'a modal dialog',
    html: groups('<dialog><button>In dialog</button></dialog>', '<button>Other</button>'),
    change: `document.querySelector('dialog').showModal()`,
  },
  {
    name: 'counters in generated content shift when an item is inserted earlier',
    html: `<style>body { counter-reset: n } .c::before { counter-increment: n; content: "#" counter(n) " " }</style>` +
      groups('<p class="c">first</p>', '<p class="c">second</p>'),
    change: `document.querySelector('.g div').prepend(Object.assign(document.createElement('p'), { className: 'c', textContent: 'new' }))`,
  },
  {
    name: 'pushState changes what a same-origin link reads as, relative to the document',
    html: groups(`<a id="l">Same origin</a><script>l.href = location.origin + '/sub/dir/#top'</script>`, '<button>Other</button>'),
    change: `history.pushState(null, '', '/sub/dir/')`,
  },
  {
    name: 'one cell of a wide table',
    html: groups(`<table>${Array.from({ length: 30 }, (_, i) => `<tr><td>Row ${i}</td><td><button>Do ${i}</button></td></tr>`).join('')}</table>`),
    change: `document.querySelectorAll('td')[10].textContent = 'edited'`, partial: true,
  },
];

let server: LoopbackServer;
let origin: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startLoopbackServer({
    fallback: (req, res) => {
      const index = Number(new URL(req.url!, 'http://x').searchParams.get('case'));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><title>case</title></head><body>${cases[index]?.html ?? ''}</body></html>`);
    },
  });
  origin = server.origin;
  browser = await launchChromium();
  const context = await runtimeContext(browser);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

type Snap = { yaml: string; incremental?: { mode: string; reason: string; reused: number } };
const snapshot = (options: Record<string, unknown>) => page.evaluate(o => (globalThis as any).__ariaref.snapshot(o) as Snap, options);

describe('incremental snapshot after one change equals a full recompute', () => {
  cases.forEach((c, index) => {
    it(c.name, async () => {
      await page.setViewportSize({ width: 800, height: 600 });
      await page.mouse.move(790, 590);
      await page.goto(`${origin}/x/?case=${index}`);
      const before = await snapshot({});
      if (c.change) await page.evaluate(c.change);
      if (c.drive) await c.drive(page);
      const incremental = await snapshot({ debugIncremental: true });
      const full = await snapshot({ incremental: false });
      expect(incremental.yaml).toBe(full.yaml);
      // The case must change the snapshot, or it tests nothing.
      expect(full.yaml).not.toBe(before.yaml);
      if (c.partial) expect(incremental.incremental).toMatchObject({ mode: 'partial' });
      if (c.partial) expect(incremental.incremental!.reused).toBeGreaterThan(0);
    });
  });
});

// A pass with nothing changed skips work (the attribute query of the page watch, the check of
// reused refs): the change after it must still be seen exactly.
describe('after a pass in which nothing changed, the next change is still seen', () => {
  const steps: Array<{ name: string; html: string; change: string; then?: string }> = [
    {
      name: 'a button given aria-labelledby, then the text it points at changed',
      html: groups('<span id="l">Label text</span>', '<button id="b">Own</button>', '<button>Other</button>'),
      change: `document.getElementById('b').setAttribute('aria-labelledby', 'l')`,
      then: `document.getElementById('l').firstChild.data = 'Changed label'`,
    },
    {
      name: 'the text an aria-labelledby points at, changed',
      html: groups('<span id="l">Old label</span>', '<button aria-labelledby="l">Own</button>', '<button>Other</button>'),
      change: `document.getElementById('l').firstChild.data = 'New label'`,
    },
    {
      name: 'a removed element and a renamed one, their refs gone',
      html: groups('<ul><li><a href="/a">A</a></li><li><a id="b" href="/b">B</a></li></ul>', '<button id="c">C</button>', '<button>Other</button>'),
      change: `document.getElementById('b').remove(); document.getElementById('c').textContent = 'Renamed'`,
    },
  ];
  steps.forEach((c, index) => {
    it(c.name, async () => {
      server.route(`/quiet/${index}`, `<!doctype html><html><body>${c.html}</body></html>`);
      await page.goto(`${origin}/quiet/${index}`);
      const first = await snapshot({});
      const unchanged = await snapshot({ debugIncremental: true });
      expect(unchanged.yaml).toBe(first.yaml);
      expect(unchanged.incremental).toMatchObject({ mode: 'partial' });
      await page.evaluate(c.change);
      const incremental = await snapshot({ debugIncremental: true });
      const full = await snapshot({ incremental: false });
      expect(incremental.yaml).toBe(full.yaml);
      expect(full.yaml).not.toBe(first.yaml);
      expect(incremental.incremental).toMatchObject({ mode: 'partial' });
      if (!c.then) return;
      await page.evaluate(c.then);
      const after = await snapshot({ debugIncremental: true });
      expect(after.yaml).toBe((await snapshot({ incremental: false })).yaml);
      expect(after.yaml).not.toBe(incremental.yaml);
    });
  });
});
