// Stitching child-frame snapshots under iframe placeholders (pure text/tree code).
import { describe, expect, it } from 'vitest';
import { iframeRefOfLine, offsetYamlBoxes, stitchTree, stitchYaml, yamlLevelOfRef } from '../../driver/page/stitch.js';
import type { AriaNode } from '../../injected/types.js';

describe('stitchYaml', () => {
  it('indents the child under its iframe line and adds the colon', () => {
    const parent = '- heading "A" [ref=e1]\n- list [ref=e2]:\n  - iframe [ref=e3]\n- button "B" [ref=e4]';
    const out = stitchYaml(parent, new Map([['e3', { kind: 'yaml', yaml: '- button "In" [ref=f1e1]\n- link "L" [ref=f1e2]:\n  - /url: x' }]]));
    expect(out).toBe('- heading "A" [ref=e1]\n- list [ref=e2]:\n  - iframe [ref=e3]:\n    - button "In" [ref=f1e1]\n    - link "L" [ref=f1e2]:\n      - /url: x\n- button "B" [ref=e4]');
  });

  it('renders a note as a text child and leaves empty frames as leaves', () => {
    const parent = '- iframe [ref=e1]\n- iframe "Ad" [ref=e2]';
    const out = stitchYaml(parent, new Map([['e1', { kind: 'note', note: 'frame not loaded: still loading' }], ['e2', { kind: 'yaml', yaml: '' }]]));
    expect(out).toBe('- iframe [ref=e1]:\n  - text: "(frame not loaded: still loading)"\n- iframe "Ad" [ref=e2]');
  });

  it('is not fooled by a ref written inside a name', () => {
    expect(iframeRefOfLine('- iframe "fake [ref=e9]" [ref=e2]')).toBe('e2');
    expect(iframeRefOfLine('- button "- iframe [ref=e9]" [ref=e2]')).toBeUndefined();
    expect(yamlLevelOfRef('- main:\n  - iframe [ref=e5]', 'e5')).toBe(1);
  });
});

describe('stitchTree and boxes', () => {
  it('appends the child document\'s nodes under the iframe node', () => {
    const root: AriaNode = { role: 'fragment', name: '', children: [{ role: 'iframe', name: '', ref: 'e1', children: [] }] };
    const child: AriaNode = { role: 'fragment', name: '', children: [{ role: 'button', name: 'In', ref: 'f1e1', children: [] }] };
    stitchTree(root, new Map([['e1', { kind: 'tree', tree: child }]]));
    expect((root.children[0] as AriaNode).children).toEqual([{ role: 'button', name: 'In', ref: 'f1e1', children: [] }]);
  });

  it('moves boxes by the frame offset, not text inside names', () => {
    expect(offsetYamlBoxes('- button "[box=1,1,1,1]" [ref=f1e1] [box=10,20,30,40]', 5, 7))
      .toBe('- button "[box=1,1,1,1]" [ref=f1e1] [box=15,27,30,40]');
  });
});
