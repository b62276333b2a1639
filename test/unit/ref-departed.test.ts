// @vitest-environment jsdom
// Refs whose elements left are remembered (boundedly) with role, name and time, so a check says
// what happened: removed (when), renamed (was / is now, the new ref), and, for actions, hidden or
// disabled now with the reason, or renamed since the snapshot (live).
import { describe, expect, it } from 'vitest';
import { runtimeFor } from './snapshot-helpers.js';
import { RefRegistry } from '../../injected/snapshot/refs.js';

const byId = (id: string) => document.getElementById(id)!;

describe('departed refs', () => {
  it('a renamed element: the old ref says what it was and what it is now, and its new ref', () => {
    const runtime = runtimeFor('<button id=a>Play</button>');
    runtime.snapshot();
    byId('a').textContent = 'Pause';
    // Before the next snapshot, a live check (what actions do) already sees the rename.
    expect(runtime.checkRef('e2')).toBeNull();
    expect(runtime.checkRef('e2', { live: true })?.error).toBe('Ref e2 was button "Play", is now button "Pause". Take a new snapshot and use the element\'s new ref.');
    runtime.snapshot();
    expect(runtime.checkRef('e2')?.error).toBe('Ref e2 was button "Play", is now button "Pause" [ref=e3]. Act on e3 if it is still the element you want, or take a new snapshot.');
  });

  it('the record is bounded: the oldest departed refs are forgotten first', () => {
    const registry = new RefRegistry();
    const box = document.createElement('div');
    document.body.append(box);
    for (let i = 0; i < 2100; i++) {
      const button = document.createElement('button');
      box.append(button);
      registry.refFor(button, 'button', `B${i}`);
    }
    registry.beginSnapshot('', 0);
    box.remove();
    registry.beginSnapshot('', 0);
    // 2100 refs left; the most recent 2000 are remembered.
    expect(registry.check('e2100')).toMatchObject({ kind: 'removed', role: 'button', name: 'B2099' });
    expect(registry.check('e101')?.kind).toBe('removed');
    expect(registry.check('e100')?.kind).toBe('unknown');
  });

  it('hidden or disabled now, with the element that makes it so', () => {
    const runtime = runtimeFor(`<div id=step><button id=next>Next</button></div><fieldset id=f><input id=i aria-label=Code></fieldset>
      <div aria-disabled=true id=g role=group><button id=b>Go</button></div><button id=s>Send</button>`);
    runtime.snapshot();
    byId('step').style.display = 'none';
    (byId('f') as HTMLFieldSetElement).disabled = true;
    (byId('s') as HTMLButtonElement).disabled = true;
    const ready = { live: true, visible: true, enabled: true };
    expect(runtime.checkRef('e2', ready)?.error).toContain('Ref e2 (button "Next") is not visible now (display: none on div#step)');
    expect(runtime.checkRef('e2', { live: true })).toBeNull(); // hidden: its name is not judged
    expect(runtime.checkRef(runtime.refFor(byId('i'))!, ready)?.error).toContain('is disabled now (inside disabled fieldset#f)');
    expect(runtime.checkRef(runtime.refFor(byId('b'))!, ready)?.error).toContain('is disabled now (aria-disabled="true" on div#g)');
    expect(runtime.checkRef(runtime.refFor(byId('s'))!, ready)?.error).toContain('(button "Send") is disabled now (disabled attribute on button#s)');
  });
});
