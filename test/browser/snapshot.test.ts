// Snapshot runtime in real Chromium: rendered YAML of small pages served from 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { type Browser, type BrowserContext, type Page } from 'playwright';
import { runtimeSource } from '../../driver/runtime-source.js';
import type { SnapshotOptions, SnapshotResult } from '../../injected/types.js';
import { launchChromium, runtimeContext } from '../support/browser.js';

const pages = new Map<string, string>();
let server: Server;
let origin: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageCounter = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const body = pages.get(new URL(req.url!, 'http://x').pathname);
    if (body === undefined) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  });
  await new Promise<void>(done => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  browser = await launchChromium();
  context = await runtimeContext(browser);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await new Promise(done => server?.close(done));
});

/** Serves `body` as a fresh page and returns its URL. */
function serve(body: string, path = `/p${++pageCounter}`): string {
  pages.set(path, /^<(!doctype|html)/i.test(body) ? body : `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`);
  return origin + path;
}

async function open(body: string): Promise<void> {
  await page.goto(serve(body));
}

async function snapshot(options: SnapshotOptions = {}): Promise<SnapshotResult> {
  return page.evaluate(o => (globalThis as any).__ariaref.snapshot(o), options);
}

async function yamlOf(body: string, options: SnapshotOptions = {}): Promise<string> {
  await open(body);
  return (await snapshot(options)).yaml!;
}

const lines = (...rows: string[]) => rows.join('\n');

describe('roles, names and states', () => {
  it('renders headings, checkboxes, buttons, options, links and invalid fields', async () => {
    const yaml = await yamlOf(`<h1>Title</h1><h3>Sub</h3><input type=checkbox aria-label=Agree checked><input type=checkbox id=m aria-label=Some>
      <button disabled>Off</button><button aria-expanded=true>Menu</button><button aria-expanded=false>Closed</button><button aria-pressed=true>Bold</button>
      <div role=listbox aria-label=Pick><div role=option aria-selected=true>One</div><div role=option>Two</div></div>
      <a href="/next?a=1">Next page</a><input aria-label=Bad aria-invalid=true>
      <script>document.getElementById('m').indeterminate = true</script>`);
    expect(yaml).toBe(lines(
      '- heading "Title" [level=1] [ref=e2]',
      '- heading "Sub" [level=3] [ref=e3]',
      '- checkbox "Agree" [checked] [ref=e4]',
      '- checkbox "Some" [checked=mixed] [ref=e5]',
      '- button "Off" [disabled] [ref=e6]',
      '- button "Menu" [expanded] [ref=e7]',
      '- button "Closed" [ref=e8]',
      '- button "Bold" [pressed] [ref=e9]',
      '- listbox "Pick" [ref=e10]:',
      '  - option "One" [selected] [ref=e11]',
      '  - option "Two" [ref=e12]',
      '- link "Next page" [ref=e13]:',
      '  - /url: /next?a=1',
      '- textbox "Bad" [invalid] [ref=e14]',
    ));
  });

  it('quotes keys the way Playwright does and joins inline text', async () => {
    expect(await yamlOf(`<button>Save: now</button><p>Hello <b>big</b> world</p><div>one</div><div>two</div>`)).toBe(lines(
      `- 'button "Save: now" [ref=e2]'`,
      '- paragraph [ref=e3]: Hello big world',
      '- text: one',
      '- text: two',
    ));
  });

  it('includes ::before/::after text from document and shadow style sheets', async () => {
    expect(await yamlOf(`<style>.badge::before { content: "New: " } p.x:after { content: "!" }</style>
      <p><span class=badge>item</span></p><p class=x>Hi</p><div id=h></div>
      <script>document.getElementById('h').attachShadow({ mode: 'open' }).innerHTML = '<style>b::before { content: "+ " }</style><p><b>dot</b></p>';</script>`))
      .toBe(lines('- paragraph [ref=e2]: "New: item"', '- paragraph [ref=e3]: Hi!', '- paragraph [ref=e4]: + dot'));
  });

  it('marks the focused element active, also inside a shadow root', async () => {
    expect(await yamlOf(`<input aria-label=Focused><script>document.querySelector('input').focus()</script>`)).toBe('- textbox "Focused" [active] [ref=e2]');
    expect(await yamlOf(`<div id=h></div><script>
      const r = document.getElementById('h').attachShadow({ mode: 'open' }); r.innerHTML = '<button>Inner</button>'; r.querySelector('button').focus();
    </script>`)).toBe('- button "Inner" [active] [ref=e2]');
  });
});

describe('composed tree', () => {
  it('renders shadow DOM with named slots, the default slot and fallback content', async () => {
    const yaml = await yamlOf(`<my-card><span slot=title>Card title</span><button>Light button</button></my-card>
      <script>customElements.define('my-card', class extends HTMLElement { constructor() { super();
        this.attachShadow({ mode: 'open' }).innerHTML = '<h2><slot name=title>No title</slot></h2><slot></slot><slot name=footer><p>Default footer</p></slot>'; } });</script>`);
    expect(yaml).toBe(lines(
      '- heading "Card title" [level=2] [ref=e2]',
      '- button "Light button" [ref=e3]',
      '- paragraph [ref=e4]: Default footer',
    ));
  });

  it('moves aria-owns children under their owner', async () => {
    const yaml = await yamlOf(`<div role=tree aria-label=Files aria-owns="late"><div role=treeitem>a.txt</div></div><p>Other</p><div role=treeitem id=late>b.txt</div>`);
    expect(yaml).toBe(lines(
      '- tree "Files" [ref=e2]:',
      '  - treeitem "a.txt" [level=1] [ref=e3]',
      '  - treeitem "b.txt" [level=1] [ref=e4]',
      '- paragraph [ref=e5]: Other',
    ));
  });

  it('emits iframes as placeholders with refs, listed for the driver', async () => {
    await open(`<button>Top</button><iframe srcdoc="<button>Inside</button>"></iframe><iframe style="display:none" srcdoc="x"></iframe><iframe srcdoc="<p>two</p>"></iframe>`);
    const result = await snapshot();
    expect(result.yaml).toBe('- button "Top" [ref=e2]\n- iframe [ref=e3]\n- iframe [ref=e4]');
    expect(result.iframes).toEqual(['e3', 'e4']);
    // The child frames have their own runtime; the driver gives them a prefix.
    const child = page.frames()[1];
    const inner = await child.evaluate(() => (globalThis as any).__ariaref.snapshot({ prefix: 'f1' }));
    expect(inner.yaml).toBe('- button "Inside" [ref=f1e2]');
  });
});

describe('hidden content', () => {
  it('leaves out display:none, aria-hidden, inert, closed details and visibility:hidden', async () => {
    const yaml = await yamlOf(`<button>Visible</button><div style="display:none"><button>None</button></div><div aria-hidden=true><button>AriaHidden</button></div>
      <div inert><button>Inert</button></div><details><summary>Closed</summary><button>Inside closed</button></details>
      <div style="visibility:hidden"><button>Vis hidden</button><button style="visibility:visible">Vis visible</button></div>`);
    expect(yaml).toBe(lines(
      '- button "Visible" [ref=e2]',
      // The closed <details> holds only its summary: the summary is the target, the group has no ref.
      '- group:',
      '  - button "Closed" [ref=e4]',
      '- button "Vis visible" [ref=e5]',
    ));
  });

  it('shows only the modal dialog when one is open', async () => {
    expect(await yamlOf(`<button>Behind</button><main><dialog id=d><button>In dialog</button></dialog></main><script>document.getElementById('d').showModal()</script>`))
      // Behind a modal dialog the body takes no pointer events, so no ref.
      .toBe('- dialog [ref=e1]:\n  - button "In dialog" [active] [ref=e2]');
  });
});

describe('values', () => {
  it('renders current values of textboxes, selects, spinbuttons, sliders and textareas', async () => {
    await open(`<input aria-label=Name value="Ada"><select aria-label=Size><option>S<option>M</select><input type=number aria-label=Qty value=3>
      <div role=slider aria-label=Vol aria-valuenow=7 tabindex=0 style="width:20px;height:5px"></div><textarea aria-label=Bio>old</textarea>`);
    await page.fill('input[aria-label=Name]', 'Grace');
    await page.selectOption('select', 'M');
    await page.fill('textarea', 'line1\nline2');
    expect((await snapshot()).yaml).toBe(lines(
      '- textbox "Name" [ref=e2]: Grace',
      '- combobox "Size" [ref=e3]:',
      '  - option "S"',
      '  - option "M" [selected]',
      '- spinbutton "Qty" [ref=e4]: "3"',
      '- slider "Vol" [ref=e5]: "7"',
      '- textbox "Bio" [active] [ref=e6]: "line1\\nline2"', // page.fill left the focus there
    ));
  });

  it('never emits a password value, typed or preset, in YAML or JSON', async () => {
    await open(`<label>Password <input type=password id=p value="preset-secret"></label><input type=password aria-label=Empty>
      <label><input type=password id=q value="in-label-secret"> Remember</label>`);
    await page.fill('#p', 'typed-secret');
    const result = await snapshot({ format: 'both' });
    const all = JSON.stringify(result);
    for (const secret of ['typed-secret', 'preset-secret', 'in-label-secret']) expect(all).not.toContain(secret);
    // Label text beside the control it names is left out: the control's name says it.
    expect(result.yaml).toBe(lines(
      '- textbox "Password" [active] [ref=e2]: ••••',
      '- textbox "Empty" [ref=e3]',
      '- textbox "Remember" [ref=e4]: ••••',
    ));
    expect((result.tree!.children[0] as any).hasValue).toBe(true);
  });

  it('shows placeholders and descriptions of controls as child lines', async () => {
    expect(await yamlOf(`<input aria-label=Email placeholder="you@example.com" aria-describedby=h><span id=h>We never share it</span>
      <button title="Saves the draft">Save</button><a href="/x" title="Goes away">Leave</a>`)).toBe(lines(
      '- textbox "Email" [ref=e2]:',
      '  - /placeholder: you@example.com',
      '  - /description: We never share it',
      '- text: We never share it',
      '- button "Save" [ref=e3]:',
      '  - /description: Saves the draft',
      '- link "Leave" [ref=e4]:',
      '  - /url: /x',
    ));
  });
});

describe('refs and pointers', () => {
  it('gives a cursor:pointer div a ref, and nothing to children inheriting the cursor', async () => {
    expect(await yamlOf(`<div style="cursor:pointer"><h3>Card</h3><span>details</span></div><div><span>plain</span></div>`)).toBe(lines(
      '- generic [ref=e2] [cursor=pointer]:',
      '  - heading "Card" [level=3] [ref=e3]',
      '  - text: details',
      '- text: plain',
    ));
  });

  it('gives no ref to pointer-events:none or zero-size elements', async () => {
    expect(await yamlOf(`<button style="pointer-events:none">Ghost</button><button style="width:0;height:0;padding:0;border:0;overflow:hidden">Zero</button>`))
      .toBe('- button "Ghost"\n- button "Zero"');
  });

  it('keeps refs across snapshots and resolves them to elements', async () => {
    await open(`<button id=a>A</button><button id=b>B</button>`);
    await snapshot();
    await page.evaluate(() => document.body.insertAdjacentHTML('afterbegin', '<button>New</button>'));
    expect((await snapshot()).yaml).toBe('- button "New" [ref=e4]\n- button "A" [ref=e2]\n- button "B" [ref=e3]');
    expect(await page.evaluate(() => (globalThis as any).__ariaref.resolve('e3').id)).toBe('b');
    await page.evaluate(() => document.getElementById('b')!.remove());
    const removed = await page.evaluate(() => (globalThis as any).__ariaref.checkRef('e3'));
    expect(removed).toMatchObject({ kind: 'removed', role: 'button', name: 'B' });
    expect(removed.error).toMatch(/^Ref e3 \(button "B"\) no longer exists: it was removed after the snapshot of \d\d:\d\d:\d\d\. Take a new snapshot\.$/);
  });

  it('gives each new document a new docId and seeds its counter', async () => {
    await open(`<button>One</button>`);
    const first = await snapshot();
    await open(`<button>Two</button>`);
    const second = await snapshot({ seed: first.lastRef });
    expect(second.docId).not.toBe(first.docId);
    expect(second.yaml).toBe('- button "Two" [ref=e4]');
    expect(await page.evaluate(() => (globalThis as any).__ariaref.checkRef('e2').kind)).toBe('unknown');
  });
});

describe('options', () => {
  const body = `<nav aria-label=Main><ul><li><a href="/a">A</a></li></ul></nav><main><h1>T</h1><p>Text</p></main>`;

  it('limits depth, keeping the refs of a full snapshot', async () => {
    await open(body);
    await snapshot();
    expect((await snapshot({ depth: 1 })).yaml).toBe(lines(
      '- navigation "Main" [ref=e2]:',
      '  - list [ref=e3]',
      '- main [ref=e6]:',
      '  - heading "T" [level=1] [ref=e7]',
      '  - paragraph [ref=e8]: Text',
    ));
  });

  it('snapshots the subtree of a ref, and reports unknown refs and selectors', async () => {
    await open(body);
    await snapshot();
    expect((await snapshot({ rootRef: 'e6' })).yaml).toBe('- main [ref=e6]:\n  - heading "T" [level=1] [ref=e7]\n  - paragraph [ref=e8]: Text');
    await expect(snapshot({ rootRef: 'e100' })).rejects.toThrow('Ref e100 not found in the current page snapshot. Try capturing new snapshot.');
    await expect(snapshot({ rootSelector: '#nope' })).rejects.toThrow('No element matches the CSS selector "#nope"');
  });

  it('adds boxes in viewport pixels', async () => {
    await open(`<button style="position:absolute;left:10px;top:20px;width:100px;height:30px;margin:0">B</button>`);
    const result = await snapshot({ boxes: true, format: 'both' });
    // The body has no height (its only child is absolutely positioned): it takes no ref, as in Playwright MCP.
    expect(result.yaml).toBe('- button "B" [ref=e1] [box=10,20,100,30]');
    expect((result.tree!.children[0] as any).box).toEqual({ x: 10, y: 20, width: 100, height: 30 });
  });

  it('keeps generic wrappers in verbose mode', async () => {
    expect(await yamlOf(`<div><div>x</div><span style="pointer-events:none">y</span></div>`, { verbose: true }))
      .toBe('- generic [ref=e2]:\n  - generic [ref=e3]: x\n  - generic: "y"');
  });
});

describe('runtime installation', () => {
  it('installs once: a second injection changes nothing', async () => {
    await open(`<button>A</button>`);
    await snapshot();
    const before = await page.evaluate(() => (globalThis as any).__ariaref.docId);
    await page.evaluate(source => (0, eval)(source), (await import('../../driver/runtime-source.js')).runtimeSource());
    const after = await page.evaluate(() => {
      const g = globalThis as any;
      const descriptor = Object.getOwnPropertyDescriptor(g, '__ariaref')!;
      try { g.__ariaref = null; } catch { /* strict mode */ }
      return { docId: g.__ariaref.docId, writable: descriptor.writable, configurable: descriptor.configurable, ref: g.__ariaref.checkRef('e2') };
    });
    expect(after).toEqual({ docId: before, writable: false, configurable: false, ref: null });
  });

  // Chromium's own renderer crashes laying out 10,000 nested boxes (and ~5,000 nested blocks), so
  // this page is as deep as it reliably renders; 10,000 levels are covered in jsdom.
  it('handles a 4,000-level DOM and returns its JSON as text', async () => {
    await open('');
    await page.evaluate(() => {
      let parent: Element = document.body;
      for (let i = 0; i < 4000; i++) { const s = document.createElement('span'); s.setAttribute('role', 'group'); parent.appendChild(s); parent = s; }
      parent.innerHTML = '<button>Deep</button>';
    });
    expect((await snapshot({ format: 'json', jsonString: true })).json).toBeTruthy();
    // Without jsonString too: page.evaluate cannot return objects this deep, so the tree comes as text.
    const result = await snapshot({ format: 'json' });
    expect(result.tree).toBeUndefined();
    const tree = JSON.parse(result.json!);
    let node = tree;
    let levels = 0;
    while (node.children.length && typeof node.children[0] !== 'string') { node = node.children[0]; levels++; }
    expect(levels).toBe(4_001); // 4,000 groups and the button
    expect(node).toMatchObject({ role: 'button', name: 'Deep' });
  }, 180_000);
});
