// @vitest-environment jsdom
import { afterEach, describe, expect, test } from 'vitest';
import { isElementHiddenForAria, isElementSubtreeHiddenForAria } from '../../injected/aria/hidden.js';
import { beginAriaCaches, endAriaCaches } from '../../injected/dom/pass-cache.js';

function render(html: string): void {
  document.body.innerHTML = html;
}
const el = (selector: string, root: ParentNode = document): Element => {
  const found = root.querySelector(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
};
const hidden = (selector: string) => isElementHiddenForAria(el(selector));

afterEach(() => { document.body.innerHTML = ''; });

describe('isElementHiddenForAria', () => {
  test('display:none on the element or any ancestor', () => {
    render('<div style="display:none"><p><span id=a>x</span></p></div><span id=b style="display:none">y</span><span id=c>z</span>');
    expect(hidden('#a')).toBe(true);
    expect(hidden('#b')).toBe(true);
    expect(hidden('#c')).toBe(false);
  });
  test('visibility follows the element\'s own computed style, so a visible child of a hidden parent is shown', () => {
    render('<div id=p style="visibility:hidden"><span id=a>x</span><span id=b style="visibility:visible">y</span></div>'
      + '<span id=c style="visibility:collapse">z</span>');
    expect(hidden('#p')).toBe(true);
    expect(hidden('#a')).toBe(true);
    expect(hidden('#b')).toBe(false);
    expect(hidden('#c')).toBe(true);
    expect(isElementSubtreeHiddenForAria(el('#p'))).toBe(false);
  });
  test('aria-hidden="true" on self or an ancestor; other values do not hide', () => {
    render('<div aria-hidden="true"><span id=a>x</span></div><span id=b aria-hidden="false">y</span><span id=c aria-hidden="TRUE">z</span>');
    expect(hidden('#a')).toBe(true);
    expect(hidden('#b')).toBe(false);
    expect(hidden('#c')).toBe(true);
  });
  test('aria-hidden on a shadow host hides its shadow content and slotted children', () => {
    render('<div id=host aria-hidden="true"><span id=slotted>x</span></div>');
    const root = el('#host').attachShadow({ mode: 'open' });
    root.innerHTML = '<b id=inner>in</b><slot></slot>';
    expect(isElementHiddenForAria(el('#inner', root))).toBe(true);
    expect(hidden('#slotted')).toBe(true);
  });
  test('inert on self or an ancestor', () => {
    render('<section inert><button id=a>x</button></section><button id=b inert>y</button><button id=c>z</button>');
    expect(hidden('#a')).toBe(true);
    expect(hidden('#b')).toBe(true);
    expect(hidden('#c')).toBe(false);
  });
  test('closed <details> hides everything but its summary; open details hides nothing', () => {
    render('<details><summary id=s>More</summary><p id=p>body</p></details><details open><p id=q>body</p></details>');
    expect(hidden('#s')).toBe(false);
    expect(hidden('#p')).toBe(true);
    expect(hidden('#q')).toBe(false);
  });
  test('light-DOM children of a shadow host render only through a slot', () => {
    render('<div id=h1><span id=a>unslotted</span></div><div id=h2><span id=b>slotted</span></div>');
    el('#h1').attachShadow({ mode: 'open' }).innerHTML = '<p>no slot</p>';
    el('#h2').attachShadow({ mode: 'open' }).innerHTML = '<slot></slot>';
    expect(hidden('#a')).toBe(true);
    expect(hidden('#b')).toBe(false);
  });
  test('slot fallback content is hidden once nodes are assigned', () => {
    render('<div id=h1><span>assigned</span></div><div id=h2></div>');
    const r1 = el('#h1').attachShadow({ mode: 'open' });
    r1.innerHTML = '<slot><i id=f1>fallback</i></slot>';
    const r2 = el('#h2').attachShadow({ mode: 'open' });
    r2.innerHTML = '<slot><i id=f2>fallback</i></slot>';
    expect(isElementHiddenForAria(el('#f1', r1))).toBe(true);
    expect(isElementHiddenForAria(el('#f2', r2))).toBe(false);
  });
  test('non-rendered elements: template, script, style, noscript', () => {
    render('<template id=t><p>x</p></template><script id=s></script><style id=st></style><noscript id=n>x</noscript>');
    for (const id of ['#t', '#s', '#st', '#n']) expect(hidden(id), id).toBe(true);
  });
  test('everything outside the topmost modal dialog is hidden', () => {
    render('<button id=out>outside</button><dialog id=outer open><button id=a>a</button>'
      + '<dialog id=inner open><button id=b>b</button></dialog></dialog>');
    // jsdom has neither showModal() nor :modal: mark both dialogs modal, as a browser would after showModal().
    for (const dialog of Array.from(document.querySelectorAll('dialog'))) {
      const matches = dialog.matches.bind(dialog);
      Object.defineProperty(dialog, 'matches', { value: (selector: string) => selector === ':modal' || matches(selector) });
    }
    beginAriaCaches();
    try {
      expect(hidden('#out')).toBe(true);
      expect(hidden('#a')).toBe(true);   // the nested modal is the topmost one
      expect(hidden('#b')).toBe(false);
      expect(hidden('#inner')).toBe(false);
    } finally {
      endAriaCaches();
    }
  });
  test('without a modal dialog, an open non-modal dialog hides nothing', () => {
    render('<button id=out>outside</button><dialog open><button id=a>a</button></dialog>');
    expect(hidden('#out')).toBe(false);
    expect(hidden('#a')).toBe(false);
  });
  test('answers inside a pass agree with fresh ones, and the pass ends cleanly', () => {
    render('<div id=p aria-hidden="true"><span id=a>x</span></div><span id=b>y</span>');
    beginAriaCaches();
    try {
      expect([hidden('#a'), hidden('#b')]).toEqual([true, false]);
    } finally {
      endAriaCaches();
    }
    el('#p').removeAttribute('aria-hidden');
    expect(hidden('#a')).toBe(false); // nothing cached survives the pass
  });
});
