// @vitest-environment jsdom
// The ref algorithm: numbering, reuse, re-minting, forged caches, map consistency, resolution errors.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSnapshotRuntime, type SnapshotRuntime } from '../../injected/snapshot/runtime.js';
import { RefRegistry } from '../../injected/snapshot/refs.js';
import { buildAriaTree } from '../../injected/snapshot/tree.js';
import { renderYaml } from '../../injected/snapshot/render-yaml.js';
import { fakeLayout, inlineOnlyStyles, quietPseudoStyles, runtimeFor } from './snapshot-helpers.js';

const byId = (id: string) => document.getElementById(id)!;

function expectConsistentMaps(runtime: SnapshotRuntime): void {
  const { byRef, byElement } = runtime.refs.debugMaps();
  for (const [ref, element] of byRef) expect(byElement.get(element)).toBe(ref);
  for (const [element, ref] of byElement) expect(byRef.get(ref)).toBe(element);
  expect(byRef.size).toBe(byElement.size);
}

describe('ref numbering', () => {
  it('mints e1, e2, ... in document order (e1 the page root)', () => {
    const runtime = runtimeFor(`<button id=a>A</button><div><a id=b href="/x">B</a></div><input id=c aria-label=C>`);
    const result = runtime.snapshot();
    expect(result.yaml).toContain('button "A" [ref=e2]');
    expect(runtime.refFor(byId('a'))).toBe('e2');
    expect(runtime.refFor(byId('b'))).toBe('e3');
    expect(runtime.refFor(byId('c'))).toBe('e4');
    expect(result.lastRef).toBe(4);
  });

  it('uses the driver prefix and floors the counter with the seed', () => {
    const runtime = runtimeFor(`<button id=a>A</button><button id=b>B</button>`);
    const result = runtime.snapshot({ prefix: 'f3', seed: 6 });
    expect(result.yaml).toBe('- button "A" [ref=f3e8]\n- button "B" [ref=f3e9]');
    expect(result.lastRef).toBe(9);
    // A lower seed later never lowers the counter.
    byId('b').textContent = 'B2';
    expect(runtime.snapshot({ prefix: 'f3', seed: 2 }).yaml).toBe('- button "A" [ref=f3e8]\n- button "B2" [ref=f3e10]');
  });

  it('gives no ref to elements without a visible box or without pointer events', () => {
    const runtime = runtimeFor(`<button data-nobox>Tiny</button><button style="pointer-events:none">Inert</button><button style="visibility:hidden">Gone</button>`);
    expect(runtime.snapshot().yaml).toBe('- button "Tiny"\n- button "Inert"');
  });
});

describe('ref reuse', () => {
  it('keeps refs across snapshots while role and name are unchanged', () => {
    const runtime = runtimeFor(`<button id=a>A</button><button id=b>B</button>`);
    const first = runtime.snapshot().yaml;
    byId('a').insertAdjacentHTML('beforebegin', '<button id=n>New</button>');
    const second = runtime.snapshot().yaml;
    expect(first).toBe('- button "A" [ref=e2]\n- button "B" [ref=e3]');
    expect(second).toBe('- button "New" [ref=e4]\n- button "A" [ref=e2]\n- button "B" [ref=e3]');
    expectConsistentMaps(runtime);
  });

  it('mints a new ref when the name changes, and the old ref stops resolving', () => {
    const runtime = runtimeFor(`<button id=a>Save</button>`);
    runtime.snapshot();
    byId('a').textContent = 'Saved';
    expect(runtime.snapshot().yaml).toBe('- button "Saved" [ref=e3]');
    expect(runtime.checkRef('e2')).toMatchObject({ kind: 'renamed', role: 'button', name: 'Save',
      error: 'Ref e2 was button "Save", is now button "Saved" [ref=e3]. Act on e3 if it is still the element you want, or take a new snapshot.' });
    expect(runtime.resolve('e3')).toBe(byId('a'));
    expectConsistentMaps(runtime);
  });

  it('mints a new ref when the role changes', () => {
    const runtime = runtimeFor(`<div id=a role=button>Go</div>`);
    expect(runtime.snapshot().yaml).toBe('- button "Go" [ref=e2]');
    byId('a').setAttribute('role', 'link');
    expect(runtime.snapshot().yaml).toBe('- link "Go" [ref=e3]');
    expectConsistentMaps(runtime);
  });

  it('ignores an _ariaRef the page copied onto another element', () => {
    const runtime = runtimeFor(`<button id=a>Same</button><button id=b>Same</button>`);
    runtime.snapshot();
    byId('a').remove();
    // The page forges the first button's cache on the second one (same role and name).
    document.body.insertAdjacentHTML('beforeend', '<button id=c>Same</button>');
    Object.defineProperty(byId('c'), '_ariaRef', { value: (byId('b') as any)._ariaRef, configurable: true });
    const yaml = runtime.snapshot().yaml;
    expect(yaml).toBe('- button "Same" [ref=e3]\n- button "Same" [ref=e4]');
    expect(runtime.resolve('e3')).toBe(byId('b'));
    expect(runtime.resolve('e4')).toBe(byId('c'));
    expectConsistentMaps(runtime);
  });

  it('never lets a forged cache redirect a ref to another element', () => {
    const runtime = runtimeFor(`<button id=a>A</button><button id=b>B</button>`);
    runtime.snapshot();
    (byId('b') as any)._ariaRef = { role: 'button', name: 'B', ref: 'e2' };
    // The page's property is never read: both keep their refs.
    expect(runtime.snapshot().yaml).toBe('- button "A" [ref=e2]\n- button "B" [ref=e3]');
    expect(runtime.resolve('e2')).toBe(byId('a'));
    expect(runtime.resolve('e3')).toBe(byId('b'));
  });

  it('stores nothing on the element: the registry alone knows its ref', () => {
    const runtime = runtimeFor(`<button id=a>A</button>`);
    runtime.snapshot();
    expect(Object.getOwnPropertyNames(byId('a'))).not.toContain('_ariaRef');
    expect(runtime.snapshot().yaml).toBe('- button "A" [ref=e2]');
  });
});

describe('ref resolution errors', () => {
  it('says no snapshot was taken yet', () => {
    const runtime = runtimeFor(`<button>A</button>`);
    expect(() => runtime.resolve('e10')).toThrow('No snapshot has been taken in this page yet, so ref e10 cannot be resolved. Take a snapshot first.');
    expect(runtime.checkRef('e10')?.kind).toBe('no-snapshot');
  });

  it('says an unknown ref is not in the current snapshot', () => {
    const runtime = runtimeFor(`<button>A</button>`);
    runtime.snapshot();
    expect(() => runtime.resolve('e10')).toThrow('Ref e10 not found in the current page snapshot. Try capturing new snapshot.');
  });

  it('says a removed element no longer exists, and still says so after the next snapshot', () => {
    const runtime = runtimeFor(`<button id=a>Save</button><button id=b>Keep</button>`);
    runtime.snapshot();
    byId('a').remove();
    const removed = runtime.checkRef('e2');
    expect(removed).toMatchObject({ kind: 'removed', role: 'button', name: 'Save' });
    expect(removed?.error).toMatch(/^Ref e2 \(button "Save"\) no longer exists: it was removed after the snapshot of \d\d:\d\d:\d\d\. Take a new snapshot\.$/);
    expect(runtime.checkRef('e3')).toBeNull();
    runtime.snapshot();
    // Forgotten by the maps, remembered with its role, name and time among the departed refs.
    expect(runtime.checkRef('e2')).toEqual(removed);
    expect(runtime.refs.debugMaps().byRef.has('e2')).toBe(false);
    expectConsistentMaps(runtime);
  });

  it('keeps still-connected elements of earlier snapshots resolvable', () => {
    const runtime = runtimeFor(`<div id=box><button id=a>A</button></div>`);
    runtime.snapshot();
    byId('box').style.display = 'none';
    expect(runtime.snapshot().yaml).toBe('');
    expect(runtime.resolve('e2')).toBe(byId('a'));
  });

  it('rejects an unknown rootRef with the resolution error', () => {
    const runtime = runtimeFor(`<button>A</button>`);
    runtime.snapshot();
    expect(() => runtime.snapshot({ rootRef: 'e8' })).toThrow('Ref e8 not found in the current page snapshot. Try capturing new snapshot.');
  });
});

describe('new documents', () => {
  it('never reuses a ref number of the previous document when seeded with its lastRef', () => {
    const old = runtimeFor(`<button>A</button><button>B</button>`);
    const { lastRef } = old.snapshot();
    // A navigation: new document, new runtime, same tab.
    document.body.innerHTML = `<button id=x>X</button>`;
    const fresh = createSnapshotRuntime(document, 'doc-2', fakeLayout);
    expect(() => fresh.resolve('e2')).toThrow('No snapshot has been taken in this page yet');
    expect(fresh.snapshot({ seed: lastRef }).yaml).toBe('- button "X" [ref=e5]');
    expect(fresh.checkRef('e2')?.kind).toBe('unknown');
    expect(fresh.checkRef('e3')?.kind).toBe('unknown');
  });

  it('does not reuse the _ariaRef of an element adopted from the old document', () => {
    quietPseudoStyles(window);
    document.body.innerHTML = `<button id=x>X</button>`;
    Object.defineProperty(byId('x'), '_ariaRef', { value: { role: 'button', name: 'X', ref: 'e2' }, configurable: true });
    const fresh = createSnapshotRuntime(document, 'doc-3', fakeLayout);
    expect(fresh.snapshot({ seed: 4 }).yaml).toBe('- button "X" [ref=e6]');
  });
});

describe('refFor', () => {
  it('returns the snapshot ref, or mints one above the counter', () => {
    const runtime = runtimeFor(`<button id=a>A</button><button id=h data-nobox>H</button>`);
    runtime.snapshot();
    expect(runtime.refFor(byId('a'))).toBe('e2');
    expect(runtime.refFor(byId('h'))).toBe('e3');
    expect(runtime.resolve('e3')).toBe(byId('h'));
    expect(runtime.snapshot().yaml).toBe('- button "A" [ref=e2]\n- button "H"');
  });

  it('honours prefix and seed before the first snapshot', () => {
    const runtime = runtimeFor(`<button id=a>A</button>`);
    expect(runtime.refFor(byId('a'), { prefix: 'f2', seed: 10 })).toBe('f2e11');
  });
});

describe('deep DOMs', () => {
  let restore = () => {};
  beforeEach(() => { restore = inlineOnlyStyles(window); });
  afterEach(() => restore());

  // jsdom itself recurses when attaching a 10,000-level subtree, so the chain stays detached and
  // the walk runs on it directly; the same page in Chromium is covered by the browser tests.
  it('mints refs in a 10,000-level DOM without recursion', () => {
    quietPseudoStyles(window);
    let chain: Element = document.createElement('button');
    chain.textContent = 'Deep';
    const button = chain;
    for (let i = 0; i < 10_000; i++) {
      const wrapper = document.createElement(i % 2 ? 'div' : 'span');
      wrapper.appendChild(chain);
      chain = wrapper;
    }
    const refs = new RefRegistry();
    refs.beginSnapshot('', 0);
    const tree = buildAriaTree(chain, { refs, probe: fakeLayout });
    // A detached root is no page root: nothing takes e1 before the button.
    expect(renderYaml(tree)).toBe('- button "Deep" [ref=e1]');
    expect(refs.existingRef(button)).toBe('e1');
  });
});
