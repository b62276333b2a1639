import { describe, expect, it } from 'vitest';
import { diffSnapshots } from '../../driver/page/diff.js';
import { restatedByEcho } from '../../driver/tools/restated.js';

const BEFORE = `- main [ref=e2]:
  - textbox "Email" [ref=e4]
  - textbox "Password" [ref=e5]
  - checkbox "Remember me" [ref=e6]
  - status [ref=e7]`;

function after(edit: (yaml: string) => string): { diff: ReturnType<typeof diffSnapshots>; yaml: string } {
  const yaml = edit(BEFORE);
  return { diff: diffSnapshots(BEFORE, yaml), yaml };
}

describe('an echo that says all the diff would', () => {
  it('replaces a diff of only the typed value on the target', () => {
    const { diff, yaml } = after(y => y.replace('textbox "Email" [ref=e4]', 'textbox "Email" [active] [ref=e4]: alice'));
    expect(restatedByEcho(diff, yaml, [{ ref: 'e4', value: 'alice' }])).toBe(true);
  });

  it('accepts a password field\'s mask for the typed value, and a checked box', () => {
    const typed = after(y => y.replace('textbox "Password" [ref=e5]', 'textbox "Password" [active] [ref=e5]: ••••'));
    expect(restatedByEcho(typed.diff, typed.yaml, [{ ref: 'e5', value: 'hunter22' }])).toBe(true);
    const checked = after(y => y.replace('checkbox "Remember me" [ref=e6]', 'checkbox "Remember me" [checked] [ref=e6]'));
    expect(restatedByEcho(checked.diff, checked.yaml, [{ ref: 'e6', checked: true }])).toBe(true);
    expect(restatedByEcho(checked.diff, checked.yaml, [{ ref: 'e6', checked: false }])).toBe(false);
  });

  it('keeps the diff when the page shows something else: a rewritten value, another node, a selector target', () => {
    const rewritten = after(y => y.replace('textbox "Email" [ref=e4]', 'textbox "Email" [ref=e4]: ALICE'));
    expect(restatedByEcho(rewritten.diff, rewritten.yaml, [{ ref: 'e4', value: 'alice' }])).toBe(false);
    const more = after(y => y.replace('textbox "Email" [ref=e4]', 'textbox "Email" [ref=e4]: alice').replace('status [ref=e7]', 'status [ref=e7]: Saved'));
    expect(restatedByEcho(more.diff, more.yaml, [{ ref: 'e4', value: 'alice' }])).toBe(false);
    const listbox = after(y => y.replace('textbox "Email" [ref=e4]', 'textbox "Email" [ref=e4]: alice\n  - listbox [ref=e9]:\n    - option "alice@example.com" [ref=e10]'));
    expect(restatedByEcho(listbox.diff, listbox.yaml, [{ ref: 'e4', value: 'alice' }])).toBe(false);
    const same = after(y => y.replace('textbox "Email" [ref=e4]', 'textbox "Email" [ref=e4]: alice'));
    expect(restatedByEcho(same.diff, same.yaml, undefined)).toBe(false);
    expect(restatedByEcho(same.diff, same.yaml, [])).toBe(false);
  });

  it('reads a rich-text editor\'s value from the paragraphs under it, quoted or not', () => {
    const before = '- main [ref=e2]:\n  - textbox "Notes" [ref=e8]:\n    - paragraph [ref=e9]: "Draft:"\n  - button "Publish" [ref=e10]';
    const yaml = '- main [ref=e2]:\n  - textbox "Notes" [active] [ref=e8]:\n    - paragraph [ref=e9]: "Version 2.4: faster search"';
    const edited = yaml + '\n  - button "Publish" [ref=e10]';
    const diff = diffSnapshots(before, edited);
    expect(restatedByEcho(diff, edited, [{ ref: 'e8', value: 'Version 2.4: faster search' }])).toBe(true);
    expect(restatedByEcho(diff, edited, [{ ref: 'e8', value: 'Version 2.5' }])).toBe(false);
    // A change outside the editor is news.
    const elsewhere = edited.replace('button "Publish" [ref=e10]', 'button "Publish" [disabled] [ref=e10]');
    expect(restatedByEcho(diffSnapshots(before, elsewhere), elsewhere, [{ ref: 'e8', value: 'Version 2.4: faster search' }])).toBe(false);
  });

  it('keeps the diff when the focus went elsewhere than the target', () => {
    const { diff, yaml } = after(y => y.replace('textbox "Email" [ref=e4]', 'textbox "Email" [ref=e4]: alice').replace('checkbox "Remember me" [ref=e6]', 'checkbox "Remember me" [active] [ref=e6]'));
    expect(diff.text).toContain('# focus:');
    expect(restatedByEcho(diff, yaml, [{ ref: 'e4', value: 'alice' }])).toBe(false);
  });
});
