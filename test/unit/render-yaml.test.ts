// The YAML renderer on hand-built trees: Playwright's key format, attribute order and quoting.
import { describe, expect, it } from 'vitest';
import { renderYaml, yamlEscapeKeyIfNeeded, yamlEscapeValueIfNeeded } from '../../injected/snapshot/render-yaml.js';
import type { AriaNode } from '../../injected/types.js';

const node = (role: string, name = '', extra: Partial<AriaNode> = {}, children: AriaNode['children'] = []): AriaNode =>
  ({ role, name, children, ...extra });
const fragment = (...children: AriaNode['children']) => node('fragment', '', {}, children);

describe('keys and attributes', () => {
  it('renders role, quoted name and attributes in Playwright order', () => {
    const all = node('checkbox', 'Agree', {
      checked: true, disabled: true, expanded: true, active: true, level: 2, pressed: true, selected: true, ref: 'e4', cursorPointer: true,
    });
    expect(renderYaml(fragment(all))).toBe('- checkbox "Agree" [checked] [disabled] [expanded] [active] [level=2] [pressed] [selected] [ref=e4] [cursor=pointer]');
  });

  it('renders mixed states and leaves false ones out', () => {
    expect(renderYaml(fragment(node('checkbox', 'A', { checked: 'mixed' }), node('button', 'B', { pressed: 'mixed' }), node('button', 'C', { expanded: false, checked: false }))))
      .toBe('- checkbox "A" [checked=mixed]\n- button "B" [pressed=mixed]\n- button "C"');
  });

  it('shows cursor=pointer only with a ref, and boxes last', () => {
    expect(renderYaml(fragment(node('generic', '', { cursorPointer: true }), node('button', 'B', { ref: 'f2e1', box: { x: 1, y: 2, width: 3, height: 4 } }))))
      .toBe('- generic\n- button "B" [ref=f2e1] [box=1,2,3,4]');
  });

  it('leaves out a check control\'s name that only says its state, and keeps one that disagrees', () => {
    const box = (name: string, checked?: boolean): AriaNode => ({ role: 'checkbox', name, checked, ref: 'e2', children: [] });
    expect(renderYaml(fragment(box('unchecked')))).toBe('- checkbox [ref=e2]');
    expect(renderYaml(fragment(box('(Checked)', true)))).toBe('- checkbox [checked] [ref=e2]');
    expect(renderYaml(fragment(box('checked')))).toBe('- checkbox "checked" [ref=e2]');
    expect(renderYaml(fragment({ ...box('No'), role: 'radio' }))).toBe('- radio "No" [ref=e2]');
  });

  it('renders invalid after selected', () => {
    expect(renderYaml(fragment(node('textbox', 'T', { invalid: true }), node('textbox', 'U', { invalid: 'spelling', ref: 'e1' }))))
      .toBe('- textbox "T" [invalid]\n- textbox "U" [invalid=spelling] [ref=e1]');
  });

  it('escapes names as JSON strings and quotes keys YAML would misread', () => {
    expect(renderYaml(fragment(node('button', 'Say "hi"\n')))).toBe('- button "Say \\"hi\\"\\n"');
    expect(renderYaml(fragment(node('button', 'Save: now')))).toBe(`- 'button "Save: now"'`);
    expect(renderYaml(fragment(node('button', "It's: ok")))).toBe(`- 'button "It''s: ok"'`);
  });

  it('leaves out names longer than 900 characters', () => {
    expect(renderYaml(fragment(node('button', 'x'.repeat(901), { ref: 'e1' })))).toBe('- button [ref=e1]');
  });
});

describe('children', () => {
  it('renders text lines, nested nodes and a trailing colon on parents', () => {
    const tree = fragment('intro', node('list', '', { ref: 'e1' }, [node('listitem', '', {}, ['one']), node('listitem', '', {}, ['two', node('link', 'x')])]));
    expect(renderYaml(tree)).toBe([
      '- text: intro',
      '- list [ref=e1]:',
      '  - listitem: one',
      '  - listitem:',
      '    - text: two',
      '    - link "x"',
    ].join('\n'));
  });

  it('renders /url, /placeholder and /description lines before the children', () => {
    const link = node('link', 'Docs', { url: 'https://x.test/a b', description: 'not on links' }, ['Docs page']);
    const box = node('textbox', 'Email', { placeholder: 'you@x', description: 'Work email', value: 'a@b.c' });
    expect(renderYaml(fragment(link, box))).toBe([
      '- link "Docs":',
      '  - /url: https://x.test/a b',
      '  - text: Docs page',
      '- textbox "Email":',
      '  - /placeholder: you@x',
      '  - /description: Work email',
      '  - text: a@b.c',
    ].join('\n'));
  });

  it('inlines a value, masks passwords and shows a select value through its options', () => {
    const tree = fragment(
      node('textbox', 'Q', { value: 'shoes' }),
      node('textbox', 'P', { hasValue: true }),
      node('combobox', 'C', { value: 'B' }, [node('option', 'A'), node('option', 'B', { selected: true })]),
    );
    expect(renderYaml(tree)).toBe('- textbox "Q": shoes\n- textbox "P": ••••\n- combobox "C":\n  - option "A"\n  - option "B" [selected]');
  });

  it('stops at the depth limit, keeping the limit level as leaves', () => {
    const tree = fragment(node('list', '', {}, [node('listitem', '', {}, [node('link', 'deep', { url: '/u' })]), 'loose']));
    expect(renderYaml(tree, { depth: 0 })).toBe('- list');
    expect(renderYaml(tree, { depth: 1 })).toBe('- list:\n  - listitem\n  - text: loose');
    expect(renderYaml(tree, { depth: 2 })).toBe('- list:\n  - listitem:\n    - link "deep":\n      - /url: /u\n  - text: loose');
  });

  it('renders a non-fragment root as the top node', () => {
    expect(renderYaml(node('main', '', { ref: 'e2' }, ['hi']))).toBe('- main [ref=e2]: hi');
  });
});

describe('YAML quoting', () => {
  it('leaves plain scalars alone', () => {
    for (const plain of ['hello world', 'a:b', 'e-mail', 'C#', '100%', 'x [y]'])
      expect(yamlEscapeValueIfNeeded(plain)).toBe(plain);
  });

  it('double-quotes values YAML would misread, escaping inside', () => {
    const cases: Array<[string, string]> = [
      ['', '""'], [' lead', '" lead"'], ['trail ', '"trail "'], ['-1', '"-1"'], ['42', '"42"'], ['3.5', '"3.5"'],
      ['yes', '"yes"'], ['Null', '"Null"'], ['key: value', '"key: value"'], ['ends:', '"ends:"'], ['a #b', '"a #b"'],
      ['two\nlines', '"two\\nlines"'], ['*star', '"*star"'], ['{x}', '"{x}"'], ['[x]', '"[x]"'], ['back`tick', '"back`tick"'],
      ['"q"', '"\\"q\\""'], ['bell\x07', '"bell\\x07"'], ['back\\slash: x', '"back\\\\slash: x"'],
    ];
    for (const [input, output] of cases) expect(yamlEscapeValueIfNeeded(input)).toBe(output);
  });

  it('single-quotes keys, doubling single quotes', () => {
    expect(yamlEscapeKeyIfNeeded('button "a"')).toBe('button "a"');
    expect(yamlEscapeKeyIfNeeded("button \"it's: x\"")).toBe("'button \"it''s: x\"'");
  });
});

describe('names that only repeat the children', () => {
  const row = (name: string, ...cells: AriaNode[]) => node('row', name, { ref: 'e1' }, cells);
  it('leave out a row or cell name made of its children, as Playwright does', () => {
    const link = node('link', 'Open 1', { ref: 'e4', url: '/o/1' });
    const tree = fragment(row('Order 1 Open 1', node('cell', 'Order 1', { ref: 'e2' }, ['Order 1']), node('cell', 'Open 1', { ref: 'e3' }, [link])));
    expect(renderYaml(tree)).toBe([
      '- row [ref=e1]:',
      '  - cell "Order 1" [ref=e2]: Order 1',
      '  - cell [ref=e3]:',
      '    - link "Open 1" [ref=e4]:',
      '      - /url: /o/1',
    ].join('\n'));
  });

  it('keep a name that says something the children do not', () => {
    // Names joined without a space, labelled rows, other roles: the name stays.
    const glued = row('Order1', node('cell', 'Order', {}, ['Order']), node('cell', '1', {}, ['1']));
    const labelled = row('Totals', node('cell', 'Sum', {}, ['Sum']));
    const button = node('button', 'Save', { ref: 'e9' }, [node('img', 'Save')]);
    const yaml = renderYaml(fragment(glued, labelled, button));
    expect(yaml).toContain('- row "Order1" [ref=e1]:');
    expect(yaml).toContain('- row "Totals" [ref=e1]:');
    expect(yaml).toContain('- button "Save" [ref=e9]:');
  });
});

describe('no empty name, no empty mapping (issue 17)', () => {
  it('never prints "" for an empty name, nor a ":" with nothing under it', () => {
    const yaml = renderYaml(fragment(
      node('button', '', { ref: 'e2', cursorPointer: true, description: '' }, [node('img', '', { ref: 'e3' })]),
      node('iframe', '', { ref: 'e4' }),
      node('img', '', { ref: 'e5' }, []),
    ));
    expect(yaml).toBe('- button [ref=e2] [cursor=pointer]:\n  - img [ref=e3]\n- iframe [ref=e4]\n- img [ref=e5]');
    expect(yaml).not.toContain('""');
    const lines = yaml.split('\n');
    lines.forEach((line, i) => {
      if (line.endsWith(':')) expect((lines[i + 1] ?? '').search(/\S/)).toBeGreaterThan(line.search(/\S/));
    });
  });
});
