// @vitest-environment jsdom
// The tree walk in jsdom: collapsing, text runs, composed tree, aria-owns, hidden content, values,
// options (depth, roots, boxes, verbose, JSON) and 10,000-level trees.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSnapshotRuntime } from '../../injected/snapshot/runtime.js';
import { RefRegistry } from '../../injected/snapshot/refs.js';
import { buildAriaTree } from '../../injected/snapshot/tree.js';
import { renderYaml } from '../../injected/snapshot/render-yaml.js';
import { crossableResult, treeToJson } from '../../injected/snapshot/json.js';
import type { AriaNode, SnapshotOptions } from '../../injected/types.js';
import { fakeLayout, inlineOnlyStyles, quietPseudoStyles, runtimeFor } from './snapshot-helpers.js';

const yaml = (html: string, options: SnapshotOptions = {}) => runtimeFor(html).snapshot(options).yaml;

describe('collapsing and text', () => {
  it('replaces nameless generic wrappers by their content', () => {
    expect(yaml(`<div><div><button>Go</button></div></div>`)).toBe('- button "Go" [ref=e2]');
  });

  it('joins inline text and starts a new text line at block boxes', () => {
    expect(yaml(`<div>Hello <b>big</b> <span>world</span></div><div>second</div>`)).toBe('- text: Hello big world\n- text: second');
  });

  it('inlines a lone text child and drops one equal to the name', () => {
    expect(yaml(`<p>Some text</p><button>Save</button>`)).toBe('- paragraph [ref=e2]: Some text\n- button "Save" [ref=e3]');
  });

  it('keeps generics with a name', () => {
    expect(yaml(`<div aria-label="Toolbar"><button>A</button><button>B</button></div>`))
      .toBe('- generic "Toolbar" [ref=e2]:\n  - button "A" [ref=e3]\n  - button "B" [ref=e4]');
  });

  it('keeps every generic wrapper in verbose mode', () => {
    expect(yaml(`<div><span>x</span></div>`, { verbose: true })).toBe('- generic [ref=e2]:\n  - generic [ref=e3]: x');
  });
});

describe('plainly clickable elements', () => {
  it('gives a cursor:pointer div a ref, but not its children that inherit the cursor', () => {
    expect(yaml(`<div style="cursor:pointer"><div style="cursor:pointer">Open</div></div>`))
      .toBe('- generic [ref=e2] [cursor=pointer]: Open');
  });

  it('leaves out a clickable wrapper that only repeats the name of a node a pointer can hit', () => {
    // ag-grid's sortable header: the label div sets the pointer cursor; clicking the header hits it.
    expect(yaml(`<div role="columnheader"><div style="cursor:pointer">Make</div></div>`)).toBe('- columnheader "Make" [ref=e2]');
    // Other text beside it, or a wrapper that says more than the name: kept.
    expect(yaml(`<div role="columnheader" aria-label="Make"><div style="cursor:pointer">Make (sorted)</div></div>`))
      .toBe('- columnheader "Make" [ref=e2]:\n  - generic [ref=e3] [cursor=pointer]: Make (sorted)');
  });

  it('shows the pointer cursor only where the role does not already say the node is clickable', () => {
    expect(yaml(`<a href="/a" style="cursor:pointer">A</a><button style="cursor:pointer">B</button><li style="cursor:pointer">C</li>`))
      .toBe('- link "A" [ref=e2]:\n  - /url: /a\n- button "B" [ref=e3]\n- listitem [ref=e4] [cursor=pointer]: C');
  });

  it('leaves out row groups that say nothing, and keeps the ones with a name or that head or foot the table', () => {
    const cells = '<div role="row"><div role="gridcell">a</div><div role="gridcell">b</div></div>';
    expect(yaml(`<div role="grid"><div role="rowgroup">${cells}</div></div>`)).toBe('- grid [ref=e2]:\n  - row [ref=e3]:\n    - gridcell "a" [ref=e4]\n    - gridcell "b" [ref=e5]');
    expect(yaml(`<div role="grid"><div role="rowgroup" aria-label="Pinned">${cells}</div></div>`)).toMatch(/^- grid \[ref=e2\]:\n  - rowgroup "Pinned" \[ref=e3\]:/);
    expect(yaml('<table><thead><tr><th>h</th><th>i</th></tr></thead><tbody><tr><td>b</td><td>c</td></tr></tbody></table>')).toBe([
      '- table [ref=e2]:', '  - rowgroup [ref=e3]:', '    - row [ref=e4]:', '      - columnheader "h" [ref=e5]', '      - columnheader "i" [ref=e6]',
      '  - row [ref=e7]:', '    - cell "b" [ref=e8]', '    - cell "c" [ref=e9]'].join('\n'));
  });

  it('gives no ref to a bare container around a single control: the control is the target', () => {
    expect(yaml('<nav><ul><li><a href="/a">A</a></li><li><a href="/b">B</a> (new)</li></ul></nav>')).toBe([
      '- navigation [ref=e2]:', '  - list [ref=e3]:', '    - listitem:', '      - link "A" [ref=e5]:', '        - /url: /a',
      '    - listitem [ref=e6]:', '      - link "B" [ref=e7]:', '        - /url: /b', '      - text: (new)'].join('\n'));
    expect(yaml('<div role="grid"><div role="row"><div role="gridcell"><input type="checkbox" aria-label="Done"></div><div role="gridcell">x</div></div></div>'))
      .toBe('- grid [ref=e2]:\n  - row [ref=e3]:\n    - gridcell:\n      - checkbox "Done" [ref=e5]\n    - gridcell "x" [ref=e6]');
    // A name, a state or a second child makes the container something of its own.
    expect(yaml('<div role="group" aria-label="Size"><button>S</button></div>')).toBe('- group "Size" [ref=e2]:\n  - button "S" [ref=e3]');
    expect(yaml('<ul><li aria-selected="true" role="row"><button>S</button></li></ul>')).toMatch(/row \[selected\] \[ref=e\d+\]/);
  });

  it('orders rows by aria-rowindex when the DOM keeps them elsewhere (a virtualizing grid after a sort)', () => {
    const row = (index: number, text: string) => `<div role="row" aria-rowindex="${index}"><div role="gridcell">${text}</div></div>`;
    const grid = (rows: string) => yaml(`<div role="grid"><div role="rowgroup">${rows}</div></div>`);
    expect(grid(row(3, 'c') + row(1, 'a') + row(2, 'b'))).toBe(grid(row(1, 'a') + row(2, 'b') + row(3, 'c')));
    expect(grid(row(3, 'c') + row(1, 'a'))).toMatch(/"a"[^]*"c"/);
    // A row without an index (or with a bad one): the DOM order stands.
    expect(grid(row(3, 'c') + '<div role="row"><div role="gridcell">x</div></div>' + row(1, 'a'))).toMatch(/"c"[^]*"x"[^]*"a"/);
    expect(grid(row(3, 'c') + row(0, 'z'))).toMatch(/"c"[^]*"z"/);
  });

  it('keeps elements with onclick, tabindex or contenteditable', () => {
    expect(yaml(`<span onclick="x()">One</span><span tabindex="-1">Two</span><div contenteditable>Three</div>`))
      .toBe('- generic [ref=e2]: One\n- generic [ref=e3]: Two\n- generic [ref=e4]: Three');
  });

  it('gives display:contents elements a ref through their children, none when empty', () => {
    expect(yaml(`<ul style="display:contents"><li>a</li><li>b</li></ul><button style="display:contents"></button>`))
      .toBe('- list [ref=e2]:\n  - listitem [ref=e3]: a\n  - listitem [ref=e4]: b\n- button');
  });

  it('does not keep a clickable wrapper that has no box', () => {
    expect(yaml(`<div onclick="x()" data-nobox>Ghost</div>`)).toBe('- text: Ghost');
  });
});

describe('composed tree', () => {
  it('walks open shadow roots and slots, with fallback content when nothing is assigned', () => {
    runtimeFor('');
    document.body.innerHTML = `<div id=host><button slot=a>Light</button></div><div id=empty></div>`;
    const root = document.getElementById('host')!.attachShadow({ mode: 'open' });
    root.innerHTML = `<h2>Inside</h2><slot name=a><i>fallback a</i></slot><slot name=b>fallback b</slot>`;
    document.getElementById('empty')!.attachShadow({ mode: 'open' }).innerHTML = `<a href="#x">Shadow link</a>`;
    const result = createSnapshotRuntime(document, 'd', fakeLayout).snapshot();
    expect(result.yaml).toBe([
      '- heading "Inside" [level=2] [ref=e2]',
      '- button "Light" [ref=e3]',
      '- text: fallback b',
      '- link "Shadow link" [ref=e4]:',
      '  - /url: "#x"',
    ].join('\n'));
  });

  it('re-parents aria-owns elements under their owner', () => {
    expect(yaml(`<ul role=list aria-owns="c"><li>a</li></ul><p>between</p><li id=c>c</li>`))
      .toBe('- list [ref=e2]:\n  - listitem [ref=e3]: a\n  - listitem [ref=e4]: c\n- paragraph [ref=e5]: between');
  });

  it('survives aria-owns cycles without losing elements', () => {
    const out = yaml(`<div role=group aria-label=A id=a aria-owns=b><div role=group aria-label=B id=b aria-owns=a></div></div>`);
    expect(out).toBe('- group "A" [ref=e2]:\n  - group "B" [ref=e3]');
  });

  it('emits iframes as placeholders with a ref and lists them', () => {
    const result = runtimeFor(`<button>Before</button><iframe src="about:blank"></iframe><iframe style="display:none"></iframe>`).snapshot();
    expect(result.yaml).toBe('- button "Before" [ref=e2]\n- iframe [ref=e3]');
    expect(result.iframes).toEqual(['e3']);
  });
});

describe('hidden content', () => {
  it('skips display:none, aria-hidden and inert subtrees', () => {
    expect(yaml(`<div style="display:none"><button>A</button></div><div aria-hidden="true"><button>B</button></div><div inert><button>C</button></div><button>D</button>`))
      .toBe('- button "D" [ref=e2]');
  });

  it('shows a visible child of a visibility:hidden parent', () => {
    expect(yaml(`<div style="visibility:hidden">hidden text<button style="visibility:visible">Shown</button></div>`))
      .toBe('- button "Shown" [ref=e2]');
  });
});

describe('node properties', () => {
  it('never emits a password value, in YAML or JSON', () => {
    const result = runtimeFor(`<input type=password aria-label=Password value="hunter2"><input type=password aria-label=Empty>`).snapshot({ format: 'both' });
    expect(result.yaml).toBe('- textbox "Password" [ref=e2]: ••••\n- textbox "Empty" [ref=e3]');
    expect(JSON.stringify(result)).not.toContain('hunter2');
    expect((result.tree!.children[0] as AriaNode).hasValue).toBe(true);
  });

  it('keeps a password out of the names of other controls that embed it', () => {
    const result = runtimeFor(`<label><input type=checkbox> Use <input type=password value="embedded-secret"></label>`).snapshot({ format: 'both' });
    expect(JSON.stringify(result)).not.toContain('embedded-secret');
  });

  it('shows values, placeholders, links and descriptions', () => {
    const result = runtimeFor(`<input aria-label=Email value="a@b.c" placeholder="you@example.com"><a href="/docs" title="Read the docs">Docs</a><button aria-description="Stores it">Save</button>`)
      .snapshot({ format: 'both' });
    expect(result.yaml).toBe([
      '- textbox "Email" [ref=e2]:',
      '  - /placeholder: you@example.com',
      '  - text: a@b.c',
      '- link "Docs" [ref=e3]:',
      '  - /url: /docs',
      '- button "Save" [ref=e4]:',
      '  - /description: Stores it',
    ].join('\n'));
    // JSON carries every description, also where YAML leaves it out (links are not controls).
    expect(result.tree!.children.map(c => (c as AriaNode).description)).toEqual([undefined, 'Read the docs', 'Stores it']);
  });

  it('prints link URLs short: relative as written, the same origin relative to the page, others whole', () => {
    const links = [
      '<a href="#home">1</a>', '<a href="docs/x">2</a>', '<a href="?page=2">3</a>',
      '<a href="http://localhost:3000/#top">4</a>', '<a href="http://localhost:3000/docs/y?q=1">5</a>',
      '<a href="//localhost:3000/?page=3">6</a>', '<a href="https://example.com/a">7</a>',
      '<a href="mailto:a@b.c">8</a>', `<a href="data:text/plain;base64,${'QUJD'.repeat(50)}">9</a>`,
    ];
    const urls = yaml(links.join(''))!.split('\n').filter(l => l.includes('/url:')).map(l => l.trim());
    expect(urls).toEqual([
      '- /url: "#home"', '- /url: docs/x', '- /url: "?page=2"', '- /url: "#top"', '- /url: /docs/y?q=1',
      '- /url: "?page=3"', '- /url: https://example.com/a', '- /url: mailto:a@b.c', '- /url: data:text/plain;base64,…',
    ]);
  });

  it('leaves out empty live regions, and keeps them once they have a name or content', () => {
    expect(yaml(`<div role=status data-nobox></div><div role=log data-nobox></div><div role=alert aria-label=Errors></div><div role=status>Saved</div><button>Go</button>`))
      .toBe('- alert "Errors" [ref=e2]\n- status [ref=e3]: Saved\n- button "Go" [ref=e4]');
  });

  it('drops label text that only repeats the name of the control beside it or of the group it names', () => {
    expect(yaml(`<label for=c>Country</label><input id=c><label><input type=checkbox> Comments</label>
      <fieldset><legend>Email me about</legend><label>Name <input></label></fieldset><span>Total</span><button>Total</button>`)).toBe([
      '- textbox "Country" [ref=e2]',
      '- checkbox "Comments" [ref=e3]',
      '- group "Email me about" [ref=e4]:',
      '  - textbox "Name" [ref=e5]',
      '- text: Total',
      '- button "Total" [ref=e6]',
    ].join('\n'));
    // Text runs that only spell the name out; any other child keeps them.
    expect(yaml(`<button><div>POST</div><div>/pet</div><div>Add a pet</div></button><button><div>Save</div><div>now</div><img alt=x></button>`))
      .toBe('- button "POST /pet Add a pet" [ref=e2]\n- button "Save now x" [ref=e3]:\n  - text: Save\n  - text: now\n  - img "x" [ref=e4]');
  });

  it('replaces lone surrogates so the JSON stays well-formed', () => {
    const result = runtimeFor(`<button>bad \uD800 name</button>`).snapshot({ format: 'json', jsonString: true });
    expect(result.json).toContain('bad \uFFFD name');
  });
});

describe('options', () => {
  const page = `<nav aria-label=Main><ul><li><a href="/a">A</a></li></ul></nav><main><h1>T</h1></main>`;

  it('limits the depth and keeps refs of rendered nodes', () => {
    const full = runtimeFor(page);
    full.snapshot();
    expect(full.snapshot({ depth: 1 }).yaml).toBe('- navigation "Main" [ref=e2]:\n  - list [ref=e3]\n- main [ref=e6]:\n  - heading "T" [level=1] [ref=e7]');
    expect(full.snapshot({ depth: 0, format: 'json' }).tree!.children.map(c => (c as AriaNode).children.length)).toEqual([0, 0]);
  });

  it('snapshots the subtree of a ref or of a selector', () => {
    const runtime = runtimeFor(page);
    runtime.snapshot();
    expect(runtime.snapshot({ rootRef: 'e6' }).yaml).toBe('- main [ref=e6]:\n  - heading "T" [level=1] [ref=e7]');
    // A bare item around its one link has no ref of its own; the root asked for keeps its ref.
    expect(runtime.snapshot({ rootSelector: 'ul' }).yaml).toBe('- list [ref=e3]:\n  - listitem:\n    - link "A" [ref=e5]:\n      - /url: /a');
    expect(() => runtime.snapshot({ rootSelector: '.missing' })).toThrow('No element matches the CSS selector ".missing"');
    expect(() => runtime.snapshot({ rootSelector: '[[' })).toThrow('Invalid CSS selector "[["');
  });

  it('adds integer boxes', () => {
    const result = runtimeFor(`<button data-box="3.4,7.6">B</button>`).snapshot({ boxes: true, format: 'both' });
    expect(result.yaml).toBe('- button "B" [ref=e2] [box=3,8,10,11]');
    expect((result.tree!.children[0] as AriaNode).box).toEqual({ x: 3, y: 8, width: 10, height: 11 });
  });

  it('turns trees too deep for page.evaluate into JSON text', () => {
    const chain = (levels: number): AriaNode => {
      let node: AriaNode = { role: 'button', name: 'b', children: [] };
      for (let i = 1; i < levels; i++) node = { role: 'group', name: '', children: [node] };
      return node;
    };
    expect(crossableResult({ tree: chain(40) }).tree).toBeDefined();
    const deep = crossableResult({ tree: chain(41) }) as { tree?: AriaNode; json?: string };
    expect(deep.tree).toBeUndefined();
    expect(JSON.parse(deep.json!)).toEqual(chain(41));
  });

  it('returns the same tree as an object and as JSON text', () => {
    const runtime = runtimeFor(page + `<input type=checkbox aria-label=C checked>`);
    const { tree } = runtime.snapshot({ format: 'json' });
    const { json } = runtime.snapshot({ format: 'json', jsonString: true });
    expect(JSON.parse(json!)).toEqual(tree);
  });
});

describe('10,000-level trees', () => {
  let restore = () => {};
  beforeEach(() => { restore = inlineOnlyStyles(window); quietPseudoStyles(window); });
  afterEach(() => restore());

  function chainOf(tag: string, depth: number, leaf: string): Element {
    let chain: Element = document.createElement('span');
    chain.textContent = leaf;
    for (let i = 0; i < depth; i++) {
      const wrapper = document.createElement(tag);
      wrapper.appendChild(chain);
      chain = wrapper;
    }
    return chain;
  }

  // Detached: jsdom itself recurses when attaching a subtree this deep.
  it('builds, renders and serializes a 10,000-level emitted tree', () => {
    const refs = new RefRegistry();
    const tree = buildAriaTree(chainOf('section', 10_000, 'bottom'), { refs, probe: fakeLayout, verbose: true });
    let node = tree;
    let levels = 0;
    while (node.children.length && typeof node.children[0] !== 'string') { node = node.children[0] as AriaNode; levels++; }
    expect(levels).toBe(10_000); // the walk root itself is the fragment
    expect(node.children).toEqual(['bottom']);
    const parsed = JSON.parse(treeToJson(tree));
    expect(parsed.children[0].role).toBe(tree.children.length ? (tree.children[0] as AriaNode).role : '');
    const lines = renderYaml(tree, { depth: 2 }).split('\n');
    expect(lines.length).toBe(3);
    expect(renderYaml(tree).split('\n').length).toBe(10_000);
  });
});

