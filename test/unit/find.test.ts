import { describe, expect, it } from 'vitest';
import type { AriaNode } from '../../injected/types.js';
import { findInTree } from '../../injected/fold/find.js';
import { deepTree, tableTree } from './fold-trees.js';

const form: AriaNode = { role: 'fragment', name: '', children: [
  { role: 'form', name: 'Sign in', ref: 'e1', children: [
    { role: 'generic', name: '', children: [
      'Email address',
      { role: 'textbox', name: 'Email', ref: 'e2', value: 'ann@example.com', placeholder: 'you@host', children: [] },
    ] },
    { role: 'textbox', name: 'Password', ref: 'e3', hasValue: true, value: 'secret', children: [] },
    { role: 'checkbox', name: 'Remember me', ref: 'e4', checked: true, children: [] },
    { role: 'button', name: 'Sign in', ref: 'e5', disabled: true, children: [] },
    { role: 'link', name: 'Forgot?', ref: 'e6', url: 'http://127.0.0.1/reset', children: [] },
  ] },
] };

describe('findInTree', () => {
  it('finds by role and name with the ancestor path and the exact snapshot line', () => {
    const { matches, total } = findInTree(tableTree(100), { role: 'button', name: 'delete 42' });
    expect(total).toBe(1);
    expect(matches[0].path).toBe('main > table "Orders" > row "Order 42 Open 42 Delete 42" > cell "Delete 42" > button "Delete 42" [ref=e338]');
    expect(matches[0].line).toBe('button "Delete 42" [ref=e338]');
    expect(matches[0].ref).toBe('e338');
  });

  it('matches role exactly (case-insensitive) and name as a substring', () => {
    expect(findInTree(form, { role: 'BUTTON' }).total).toBe(1);
    expect(findInTree(form, { role: 'butto' }).total).toBe(0);
    expect(findInTree(form, { name: 'SIGN' }).matches.map(m => m.ref)).toEqual(['e1', 'e5']);
  });

  it('searches text in values, placeholders, urls and text runs, never in password values', () => {
    expect(findInTree(form, { text: 'ann@' }).matches[0].ref).toBe('e2');
    expect(findInTree(form, { text: 'you@host' }).matches[0].ref).toBe('e2');
    expect(findInTree(form, { text: '/reset' }).matches[0].ref).toBe('e6');
    expect(findInTree(form, { text: 'secret' }).total).toBe(0);
    // A text run: the match is the node holding it (a generic without ref here).
    const run = findInTree(form, { text: 'email address' });
    expect(run.matches[0].role).toBe('generic');
    expect(run.matches[0].line).toBe('generic');
  });

  it('shows states in the line, as the snapshot does', () => {
    expect(findInTree(form, { role: 'checkbox' }).matches[0].line).toBe('checkbox "Remember me" [checked] [ref=e4]');
    expect(findInTree(form, { role: 'button' }).matches[0].path).toBe('form "Sign in" > button "Sign in" [disabled] [ref=e5]');
    expect(findInTree(form, { role: 'textbox', name: 'password' }).matches[0].line).toBe('textbox "Password" [ref=e3]: ••••');
  });

  it('keeps only the innermost of nested text matches unless a role is asked for', () => {
    const byText = findInTree(tableTree(10), { text: 'Delete 7' });
    expect(byText.matches.map(m => m.role)).toEqual(['button']);
    const rows = findInTree(tableTree(10), { role: 'row', text: 'Delete 7' });
    expect(rows.matches.map(m => m.ref)).toEqual([rows.matches[0].ref]);
    expect(rows.matches[0].role).toBe('row');
  });

  it('caps the matches at limit and reports the total', () => {
    const result = findInTree(tableTree(200), { role: 'checkbox', limit: 3 });
    expect(result.total).toBe(200);
    expect(result.matches).toHaveLength(3);
  });

  it('works at any depth and finds nothing when nothing matches or nothing was asked', () => {
    const deep = findInTree(deepTree(3000), { role: 'button' });
    expect(deep.matches[0].line).toMatch(/^button "Bottom" \[ref=e\d+\]$/);
    expect(deep.matches[0].path.split(' > ')).toHaveLength(3002);
    expect(findInTree(form, { text: 'nope' })).toEqual({ matches: [], total: 0 });
    expect(findInTree(form, {})).toEqual({ matches: [], total: 0 });
  });
});
