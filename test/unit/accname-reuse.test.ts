// @vitest-environment jsdom
// Within one pass, a name from content found while naming an ancestor is reused as the element's own
// name (injected/aria/accname/reuse.ts). Names computed that way, ancestors first as the tree walk does, must equal
// names computed each on its own (outside a pass nothing is cached or reused).
import { afterEach, describe, expect, test } from 'vitest';
import { getElementAccessibleName } from '../../injected/aria/accname/name.js';
import { beginAriaCaches, endAriaCaches } from '../../injected/dom/pass-cache.js';

afterEach(() => { document.body.innerHTML = ''; });

/** Names of every element with an id, computed in document order inside one pass. */
function namesInOnePass(): Record<string, string> {
  const names: Record<string, string> = {};
  beginAriaCaches();
  try {
    for (const element of Array.from(document.querySelectorAll('[id]'))) names[element.id] = getElementAccessibleName(element);
  } finally {
    endAriaCaches();
  }
  return names;
}

/** The same names, each computed with no pass open. */
function namesOneByOne(): Record<string, string> {
  const names: Record<string, string> = {};
  for (const element of Array.from(document.querySelectorAll('[id]'))) names[element.id] = getElementAccessibleName(element);
  return names;
}

const fixtures: Record<string, string> = {
  'plain rows and cells': `<div role=table id=t><div role=row id=r><span role=cell id=c1>Order <b id=b1>1</b></span>
    <span role=cell id=c2><a href="#" id=a1>Open <i id=i1>1</i></a></span><span role=cell id=c3><button id=bt>Delete</button></span></div></div>`,
  // The row reaches x through c1's aria-owns before c2's content: in the row's name x counts once (at
  // c1), while c2's own name includes it. c2 must not take what it contributed to the row.
  'aria-owns into a later cell': `<div role=row id=r><span role=cell id=c1 aria-owns="x">A</span>
    <span role=cell id=c2>B <b id=x>X</b></span></div>`,
  'aria-labelledby inside a cell': `<span id=outside>Out</span><div role=row id=r><span role=cell id=c1>
    <span role=link id=l1 aria-labelledby="outside">In</span> tail</span><span role=cell id=c2>Two</span></div>`,
  'label element around a control': `<div role=row id=r><span role=cell id=c1><label id=lb>Name <input id=in value=v></label></span>
    <span role=cell id=c2><input type=checkbox id=cb> <label for=cb id=lb2>Pick</label></span></div>`,
  'white space only and tooltips': `<div role=row id=r><span role=cell id=c1 title="Tip"> </span><span role=cell id=c2 title="T2">x</span>
    <span role=cell id=c3><span role=button id=b3 title="bt"></span></span></div>`,
  'embedded control values': `<div role=row id=r><span role=cell id=c1>Qty <input id=q value=3></span>
    <span role=cell id=c2>Size <select id=s><option>S</option><option selected>M</option></select></span></div>`,
  'hidden parts and aria-label': `<div role=row id=r><span role=cell id=c1>a<span aria-hidden="true" id=h>hid</span>b</span>
    <span role=cell id=c2 aria-label="Label">content</span><span role=cell id=c3><span role=link id=l3 aria-label="L">x</span> y</span></div>`,
  'a cell referencing itself through its row': `<div role=row id=r aria-labelledby="r c1"><span role=cell id=c1>One</span>
    <span role=cell id=c2 aria-labelledby="c1">Two</span></div>`,
  'nested named-from-content roles': `<ul><li role=menuitem id=m1>Menu <span role=button id=mb>Go <b id=g>now</b></span></li></ul>
    <h2 id=h2>Head <a href="#" id=ha>link <span role=img aria-label="pic" id=img></span></a></h2>`,
};

describe('names reused from an ancestor equal names computed alone', () => {
  for (const [title, html] of Object.entries(fixtures)) {
    test(title, () => {
      document.body.innerHTML = html;
      expect(namesInOnePass()).toEqual(namesOneByOne());
    });
  }

  test('the aria-owns case really differs between the row and the cell', () => {
    document.body.innerHTML = fixtures['aria-owns into a later cell'];
    const names = namesInOnePass();
    expect(names.r).toBe('A X B');
    expect(names.c2).toBe('B X');
  });
});
