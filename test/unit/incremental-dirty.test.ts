// @vitest-environment jsdom
// The dirty marks of incremental snapshots (injected/incremental/dirty.ts), fed with the records of
// a real MutationObserver: which subtrees must be recomputed, which ancestors recompute themselves.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { DirtyTracker } from '../../injected/incremental/dirty.js';

let observer: MutationObserver;
let tracker: DirtyTracker;

const el = (selector: string, root: ParentNode = document): Element => {
  const found = root.querySelector(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
};

/** A tracker that has seen one snapshot (so it is not in its initial "everything" state). */
function start(html: string, siblingRules: boolean): void {
  document.body.innerHTML = html;
  tracker = new DirtyTracker();
  tracker.reset();
  tracker.siblingRules = siblingRules;
  observer = new MutationObserver(records => tracker.noteRecords(records));
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
}

/** Deliver the pending records now (as the snapshot does before a pass). */
function flush(): void {
  tracker.noteRecords(observer.takeRecords());
}

/** The marks of each element with an id: 'root' (dirty subtree root), 'in' (inside one), 'self' (tainted), '' (clean). */
function marks(): Record<string, string> {
  const result: Record<string, string> = {};
  const all = [document.documentElement, ...Array.from(document.querySelectorAll('*'))];
  for (const element of all) {
    if (!element.id) continue;
    result[element.id] = tracker.isDirtyRoot(element) ? 'root' : tracker.isInDirtySubtree(element) ? 'in' : tracker.isTainted(element) ? 'self' : '';
  }
  return result;
}

beforeEach(() => { document.documentElement.removeAttribute('id'); });
afterEach(() => { observer?.disconnect(); document.body.innerHTML = ''; });

const PAGE = '<main id=m><div id=g1><p id=p>Text <b id=b>bold</b></p><span id=s>next</span></div><div id=g2><i id=i>other</i></div></main>';

describe('DirtyTracker', () => {
  test('starts with everything dirty, until the first pass resets it', () => {
    const fresh = new DirtyTracker();
    expect(fresh.all).toBe(true);
    fresh.reset();
    expect(fresh.all).toBe(false);
    expect(fresh.changed).toBe(false);
  });

  test('with sibling CSS, an attribute change dirties the parent subtree and taints the ancestors', () => {
    start(PAGE, true);
    el('#p').setAttribute('class', 'x');
    flush();
    expect(marks()).toEqual({ m: 'self', g1: 'root', p: 'in', b: 'in', s: 'in', g2: '', i: '' });
    expect(tracker.isTainted(document.body)).toBe(true);
    expect(tracker.changed).toBe(true);
  });

  test('without sibling CSS, only the changed element subtree', () => {
    start(PAGE, false);
    el('#p').setAttribute('class', 'x');
    flush();
    expect(marks()).toEqual({ m: 'self', g1: 'self', p: 'root', b: 'in', s: '', g2: '', i: '' });
  });

  test('a text change is a change of the text node parent element', () => {
    start(PAGE, false);
    (el('#b').firstChild as Text).data = 'edited';
    flush();
    expect(marks()).toEqual({ m: 'self', g1: 'self', p: 'self', b: 'root', s: '', g2: '', i: '' });
  });

  test('table cells and <details> children dirty their parent: our own role and hidden rules read siblings', () => {
    start('<table id=t><tbody id=tb><tr id=r1><th id=h>H</th><td id=c>A</td></tr><tr id=r2><td id=d>B</td></tr></tbody></table>'
      + '<details id=det><summary id=sum>S</summary><p id=dp>x</p></details>', false);
    el('#c').replaceChildren();
    flush();
    expect(marks()).toMatchObject({ r1: 'root', h: 'in', c: 'in', r2: '', tb: 'self' });
    el('#sum').textContent = 'New';
    flush();
    expect(marks()).toMatchObject({ det: 'root', dp: 'in' });
  });

  test('a change of a child of <body> reaches the walk root through <html>', () => {
    start(PAGE, true);
    el('#m').setAttribute('class', 'x');
    flush();
    expect(tracker.isDirtyRoot(document.body)).toBe(true);
    expect(tracker.isInDirtySubtree(el('#i'))).toBe(true);
  });

  test('a change of <html> itself leaves nothing to reuse', () => {
    start(PAGE, true);
    document.documentElement.setAttribute('class', 'dark');
    flush();
    expect(tracker.all).toBe(true);
    expect(tracker.reason).toBe('<html> changed');
    start(PAGE, false);
    document.documentElement.setAttribute('class', 'light');
    flush();
    expect(tracker.isInDirtySubtree(document.body)).toBe(true);
  });

  test('a light child of a shadow host dirties the host: slot assignment may move content', () => {
    start('<div id=wrap><div id=host><span id=light slot=a>L</span></div></div><p id=other>o</p>', false);
    const root = el('#host').attachShadow({ mode: 'open' });
    root.innerHTML = '<h2 id=h2><slot id=slotA name=a>fallback</slot></h2><slot id=slotB name=b></slot>';
    flush();
    tracker.reset();
    el('#light').setAttribute('slot', 'b');
    flush();
    expect(tracker.isDirtyRoot(el('#host'))).toBe(true);
    expect(tracker.isInDirtySubtree(el('#slotA', root))).toBe(true);
    expect(marks()).toMatchObject({ wrap: 'self', other: '' });
  });

  test('markSelf recomputes the element and its ancestors, not its subtree', () => {
    start(PAGE, true);
    tracker.markSelf(el('#p'));
    expect(marks()).toEqual({ m: 'self', g1: 'self', p: 'self', b: '', s: '', g2: '', i: '' });
    expect(tracker.changed).toBe(false);
  });

  test('changes to detached nodes are ignored (their re-insertion is a change of its own)', () => {
    start(PAGE, true);
    const detached = document.createElement('div');
    detached.innerHTML = '<span>x</span>';
    tracker.noteChanged(detached.firstChild!.firstChild!);
    tracker.noteChanged(document.createElement('div'));
    expect(tracker.changed).toBe(false);
  });

  test('reset forgets every mark; invalidateAll keeps the first reason', () => {
    start(PAGE, true);
    el('#i').setAttribute('title', 't');
    flush();
    tracker.reset();
    expect(marks()).toEqual({ m: '', g1: '', p: '', b: '', s: '', g2: '', i: '' });
    tracker.invalidateAll('resize');
    tracker.invalidateAll('fonts');
    expect(tracker.reason).toBe('resize');
    tracker.markSubtree(el('#p'));
    expect(tracker.isDirtyRoot(el('#p'))).toBe(false); // everything is dirty anyway: no per-element marks
  });

  test('too many separate changes between two snapshots give up on precision', () => {
    const items = Array.from({ length: 2100 }, (_, i) => `<li id=l${i}><span>${i}</span></li>`).join('');
    start(`<ul>${items}</ul>`, false);
    for (const span of Array.from(document.querySelectorAll('span'))) span.setAttribute('class', 'x');
    flush();
    expect(tracker.all).toBe(true);
    expect(tracker.reason).toBe('too many changes');
  });
});
