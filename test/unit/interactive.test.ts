// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { foldedSnapshot } from '../../injected/fold/snapshot.js';
import { runtimeFor } from './snapshot-helpers.js';
import { interactiveTree } from '../../injected/fold/interactive.js';
import type { AriaNode } from '../../injected/types.js';

const LOGIN = `
  <header><a href="/">Home</a><p>Welcome to the shop, where everything is on sale.</p></header>
  <main>
    <h1>Sign in</h1>
    <p>Use the address you signed up with.</p>
    <div><div><label for="e">Email</label><input id="e"></div></div>
    <ul><li><label><input type="checkbox"> Remember me</label></li></ul>
    <fieldset><legend>Plan</legend><label><input type="radio" name="p"> Free</label></fieldset>
    <div role="status"></div>
    <button>Sign in</button>
  </main>
  <footer><p>Copyright</p></footer>`;

describe('interactive snapshot', () => {
  it('keeps the controls, the headings and the landmarks around them, with the full snapshot\'s refs', () => {
    const runtime = runtimeFor(LOGIN);
    const full = foldedSnapshot(runtime, {}).yaml!;
    const result = foldedSnapshot(runtime, { interactive: true, basis: true });
    const lines = result.yaml!.trimEnd().split('\n');
    expect(lines.map(line => line.replace(/ \[ref=\w+\]/, ''))).toEqual([
      '- banner:',
      '  - link "Home":',
      '    - /url: /',
      '- main:',
      '  - heading "Sign in" [level=1]',
      '  - textbox "Email"',
      '  - checkbox "Remember me"',
      '  - group "Plan":',
      '    - radio "Free"',
      '  - button "Sign in"',
    ]);
    // Every ref shown is the full snapshot's ref of the same element.
    for (const line of lines) {
      const ref = /\[ref=(\w+)\]/.exec(line)?.[1];
      if (ref) expect(full.split('\n').find(l => l.includes(`[ref=${ref}]`))?.trim().replace(/:$/, ''), line).toBe(line.trim().replace(/:$/, ''));
    }
    // What the next diff compares is the whole page, text and all.
    expect(result.basis).toBe(full);
    expect(result.basis).toContain('Use the address you signed up with.');
  });

  it('keeps the rooted element as its top node', () => {
    const runtime = runtimeFor(`<section id="s"><p>Intro</p><div><button>Go</button></div></section>`);
    const yaml = foldedSnapshot(runtime, { interactive: true, rootSelector: '#s' }).yaml!;
    expect(yaml.replace(/ \[ref=\w+\]/g, '')).toBe('- generic:\n  - button "Go"');
  });

  it('walks 10,000-level trees and flattens 100,000 controls without running out of stack', () => {
    let deep: AriaNode = { role: 'button', name: 'Go', ref: 'e1', children: [] };
    for (let i = 0; i < 10_000; i++) deep = { role: 'generic', name: '', children: [deep] };
    expect(interactiveTree({ role: 'fragment', name: '', children: [deep] }).children).toEqual([{ role: 'button', name: 'Go', ref: 'e1', children: [] }]);
    const wide: AriaNode = { role: 'list', name: '', children: Array.from({ length: 100_000 }, (_, i) => ({ role: 'link', name: `L${i}`, ref: `e${i}`, children: [] })) };
    const kept = interactiveTree({ role: 'fragment', name: '', children: [wide] }).children as AriaNode[];
    expect(kept).toHaveLength(100_000);
    expect(kept[99_999]!.name).toBe('L99999');
  });
});
