// @vitest-environment jsdom
// ARIA states (injected/aria/states.ts) on jsdom: checked, disabled, expanded, pressed, selected,
// level, invalid, including the native HTML sources of each and the role gating.
import { afterEach, describe, expect, test } from 'vitest';
import {
  getAriaChecked, getAriaDisabled, getAriaExpanded, getAriaInvalid, getAriaLevel, getAriaPressed, getAriaSelected,
  kAriaCheckedRoles, kAriaDisabledRoles, kAriaExpandedRoles, kAriaLevelRoles, kAriaPressedRoles, kAriaSelectedRoles,
} from '../../injected/aria/states.js';
import { beginAriaCaches, endAriaCaches } from '../../injected/dom/pass-cache.js';

afterEach(() => { document.body.innerHTML = ''; });

/** Apply `get` to every element carrying `data-t`, in document order. */
function each<T>(html: string, get: (element: Element) => T): T[] {
  document.body.innerHTML = html;
  return Array.from(document.querySelectorAll('[data-t]')).map(get);
}

describe('role tables', () => {
  test('are exported and cover the key roles', () => {
    expect(kAriaCheckedRoles).toEqual(expect.arrayContaining(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']));
    expect(kAriaPressedRoles).toEqual(['button']);
    expect(kAriaExpandedRoles).toEqual(expect.arrayContaining(['button', 'combobox', 'link', 'treeitem', 'row']));
    expect(kAriaSelectedRoles).toEqual(expect.arrayContaining(['option', 'tab', 'gridcell', 'row', 'treeitem']));
    expect(kAriaLevelRoles).toEqual(expect.arrayContaining(['heading', 'treeitem', 'listitem', 'row']));
    expect(kAriaDisabledRoles).toEqual(expect.arrayContaining(['button', 'link', 'textbox', 'option', 'group']));
  });
});

describe('checked', () => {
  test('native checkboxes and radios', () => {
    document.body.innerHTML = `<input data-t type="checkbox"><input data-t type="checkbox" checked>
      <input data-t type="checkbox" checked aria-checked="false"><input data-t type="checkbox" id="indet">
      <input data-t type="radio"><input data-t type="radio" checked><input data-t type="radio" id="radio-indet">
      <input data-t type="checkbox" role="switch" checked><input data-t type="checkbox" role="button" checked>`;
    (document.getElementById('indet') as HTMLInputElement).indeterminate = true;
    (document.getElementById('radio-indet') as HTMLInputElement).indeterminate = true;
    expect(Array.from(document.querySelectorAll('[data-t]')).map(getAriaChecked))
      .toEqual([false, true, true, 'mixed', false, true, false, true, undefined]);
  });

  test('clicking a native checkbox updates the state', () => {
    document.body.innerHTML = '<input type="checkbox">';
    const box = document.body.firstElementChild as HTMLInputElement;
    box.click();
    expect(getAriaChecked(box)).toBe(true);
  });

  test('aria-checked on checkable roles', () => {
    expect(each(`<div data-t role="checkbox"></div><div data-t role="checkbox" aria-checked="true"></div>
      <div data-t role="checkbox" aria-checked="false"></div><div data-t role="checkbox" aria-checked="mixed"></div>
      <div data-t role="checkbox" aria-checked="MIXED"></div><div data-t role="checkbox" aria-checked="yes"></div>
      <div data-t role="checkbox" aria-checked=""></div><div data-t role="menuitemcheckbox" aria-checked="mixed"></div>`, getAriaChecked))
      .toEqual([false, true, false, 'mixed', 'mixed', true, false, 'mixed']);
  });

  test('mixed reads as false where it is not supported', () => {
    expect(each(`<div data-t role="radio" aria-checked="mixed"></div><div data-t role="switch" aria-checked="mixed"></div>
      <div data-t role="menuitemradio" aria-checked="mixed"></div><div data-t role="radio" aria-checked="true"></div>`, getAriaChecked))
      .toEqual([false, false, false, true]);
  });

  test('optional on option and treeitem, unsupported elsewhere', () => {
    expect(each(`<div role="listbox"><div data-t role="option"></div><div data-t role="option" aria-checked="true"></div></div>
      <div role="tree"><div data-t role="treeitem" aria-checked="false"></div></div><button data-t aria-checked="true"></button>
      <div data-t aria-checked="true"></div>`, getAriaChecked))
      .toEqual([undefined, true, false, undefined, undefined]);
  });
});

describe('disabled', () => {
  test('native disabled controls', () => {
    expect(each(`<button data-t disabled></button><input data-t disabled><select data-t disabled></select>
      <textarea data-t disabled></textarea><button data-t></button><button data-t role="link" disabled></button>
      <a data-t href="#" disabled>x</a>`, getAriaDisabled))
      .toEqual([true, true, true, true, false, true, false]);
  });

  test('disabled fieldsets disable their controls but not those in their first legend, nor themselves', () => {
    expect(each(`<fieldset data-t disabled><legend><input data-t></legend><input data-t><button data-t></button>
      <fieldset><input data-t></fieldset></fieldset><fieldset><input data-t></fieldset>`, getAriaDisabled))
      .toEqual([false, false, true, true, true, false]);
  });

  test('options of a disabled optgroup or select', () => {
    expect(each(`<select><optgroup data-t disabled label="g"><option data-t>a</option></optgroup><option data-t>b</option>
      <option data-t disabled>c</option></select><select disabled><optgroup data-t label="h"><option data-t>d</option></optgroup></select>`,
    getAriaDisabled)).toEqual([true, true, false, true, true, true]);
  });

  test('aria-disabled on the element and its ancestors, for roles that support it', () => {
    expect(each(`<div data-t role="button" aria-disabled="true"></div><div data-t role="button" aria-disabled="TRUE"></div>
      <div data-t role="button" aria-disabled="false"></div><div data-t role="button" aria-disabled="foo"></div>
      <div aria-disabled="true"><button data-t></button><a data-t href="#">l</a><span data-t>s</span>
        <div data-t role="group"></div><h2 data-t>h</h2>
        <div aria-disabled="false"><button data-t></button></div></div>`, getAriaDisabled))
      .toEqual([true, true, false, false, true, true, false, true, false, false]);
  });

  test('aria-disabled crosses shadow roots', () => {
    document.body.innerHTML = '<div aria-disabled="true"><div id="host"></div></div>';
    const root = document.getElementById('host')!.attachShadow({ mode: 'open' });
    root.innerHTML = '<button>x</button>';
    expect(getAriaDisabled(root.firstElementChild!)).toBe(true);
  });

  test('the ancestor chain is cached within a pass only', () => {
    document.body.innerHTML = '<div id="outer" aria-disabled="true"><button>x</button></div>';
    const button = document.querySelector('button')!;
    beginAriaCaches();
    try {
      expect(getAriaDisabled(button)).toBe(true);
      document.getElementById('outer')!.removeAttribute('aria-disabled');
      expect(getAriaDisabled(button)).toBe(true);
    } finally {
      endAriaCaches();
    }
    expect(getAriaDisabled(button)).toBe(false);
  });
});

describe('expanded', () => {
  test('aria-expanded on roles that support it', () => {
    expect(each(`<div data-t role="button" aria-expanded="true"></div><div data-t role="button" aria-expanded="false"></div>
      <div data-t role="button" aria-expanded="FALSE"></div><div data-t role="button" aria-expanded="foo"></div>
      <div data-t role="button" aria-expanded=""></div><div data-t role="button" aria-expanded="undefined"></div>
      <div data-t role="button"></div><a data-t href="#" aria-expanded="true">l</a>
      <input data-t role="combobox" aria-expanded="true"><div data-t role="heading" aria-expanded="true"></div>
      <div data-t aria-expanded="true"></div>`, getAriaExpanded))
      .toEqual([true, false, false, true, undefined, undefined, undefined, true, true, undefined, undefined]);
  });

  test('a details summary reports whether the details is open; the details itself does not', () => {
    expect(each(`<details data-t open><summary data-t>a</summary>x</details><details data-t><summary data-t>b</summary>y</details>
      <details><summary data-t aria-expanded="false">c</summary></details><summary data-t>orphan</summary>`, getAriaExpanded))
      .toEqual([undefined, true, undefined, false, false, undefined]);
  });

  test('toggling details updates the summary state', () => {
    document.body.innerHTML = '<details><summary>s</summary>x</details>';
    const details = document.querySelector('details')!;
    const summary = document.querySelector('summary')!;
    expect(getAriaExpanded(summary)).toBe(false);
    details.open = true;
    expect(getAriaExpanded(summary)).toBe(true);
  });
});

describe('pressed', () => {
  test('aria-pressed on buttons only', () => {
    expect(each(`<button data-t aria-pressed="true"></button><div data-t role="button" aria-pressed="false"></div>
      <div data-t role="button" aria-pressed="mixed"></div><div data-t role="button" aria-pressed="yes"></div>
      <button data-t></button><button data-t aria-pressed=""></button><div data-t role="link" aria-pressed="true"></div>
      <input data-t type="button" aria-pressed="true">`, getAriaPressed))
      .toEqual([true, false, 'mixed', true, undefined, undefined, undefined, true]);
  });
});

describe('selected', () => {
  test('native options report their selectedness', () => {
    expect(each('<select><option data-t>a</option><option data-t selected>b</option></select><select multiple><option data-t selected>c</option><option data-t>d</option></select>', getAriaSelected))
      .toEqual([false, true, true, false]);
  });

  test('aria-selected on roles that support it', () => {
    expect(each(`<div role="tablist"><div data-t role="tab" aria-selected="true"></div><div data-t role="tab"></div>
      <div data-t role="tab" aria-selected="false"></div></div><div role="listbox"><div data-t role="option" aria-selected="true"></div></div>
      <div data-t role="button" aria-selected="true"></div><div data-t role="row" aria-selected="TRUE"></div>`, getAriaSelected))
      .toEqual([true, undefined, false, true, undefined, true]);
  });
});

describe('level', () => {
  test('headings', () => {
    expect(each(`<h1 data-t></h1><h2 data-t></h2><h6 data-t></h6><h1 data-t aria-level="3"></h1>
      <div data-t role="heading"></div><div data-t role="heading" aria-level="4"></div>
      <div data-t role="heading" aria-level="0"></div><h3 data-t aria-level="x"></h3><h3 data-t aria-level="2.5"></h3>
      <h4 data-t role="button"></h4><p data-t aria-level="2"></p>`, getAriaLevel))
      .toEqual([1, 2, 6, 3, 2, 4, 2, 3, 3, undefined, undefined]);
  });

  test('tree items: aria-level, else their nesting', () => {
    expect(each(`<div role="tree"><div data-t role="treeitem">a<div role="group"><div data-t role="treeitem">b
      <div role="group"><div data-t role="treeitem">c</div></div></div></div></div>
      <div data-t role="treeitem" aria-level="5"></div></div>`, getAriaLevel))
      .toEqual([1, 2, 3, 5]);
  });

  test('list items and rows only with aria-level', () => {
    expect(each(`<ul><li data-t>a<ul><li data-t>b</li></ul></li><li data-t aria-level="3">c</li></ul>
      <div role="treegrid"><div data-t role="row"></div><div data-t role="row" aria-level="2"></div></div>`, getAriaLevel))
      .toEqual([undefined, undefined, 3, undefined, 2]);
  });
});

describe('invalid', () => {
  test('aria-invalid values', () => {
    expect(each(`<input data-t aria-invalid="true"><input data-t aria-invalid="grammar"><input data-t aria-invalid="SPELLING">
      <input data-t aria-invalid="false"><input data-t aria-invalid="foo"><input data-t aria-invalid="">
      <input data-t><input data-t required><div data-t aria-invalid="true"></div>`, getAriaInvalid))
      .toEqual([true, 'grammar', 'spelling', false, true, false, false, false, true]);
  });
});

describe('deep trees', () => {
  // jsdom builds deep trees in quadratic time: 2000 levels keep this test at about two seconds.
  test('aria-disabled is looked up along a long ancestor chain (iteratively)', () => {
    let parent: Element = document.body;
    for (let i = 0; i < 2000; i++) parent = parent.appendChild(document.createElement('div'));
    const button = parent.appendChild(document.createElement('button'));
    (document.body.firstElementChild as HTMLElement).setAttribute('aria-disabled', 'true');
    beginAriaCaches();
    try {
      expect(getAriaDisabled(button)).toBe(true);
    } finally {
      endAriaCaches();
    }
    expect(getAriaDisabled(button)).toBe(true);
  });
});
