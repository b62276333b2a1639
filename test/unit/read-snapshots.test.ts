import { describe, expect, it } from 'vitest';
import { ReadSnapshots } from '../../driver/tools/read-snapshots.js';

const list = (n: number, from = 10) => Array.from({ length: n }, (_, i) => `  - listitem [ref=e${from + i}]: Item ${i} with some words`).join('\n');
const page = `- main [ref=e1]:\n  - button "Actions" [ref=e2]\n  - paragraph [ref=e3]: Draft\n  - list [ref=e4]:\n${list(30).replace(/^ {2}/gm, '    ')}`;
const menu = '- dialog "Actions" [ref=e90]:\n  - menuitem "Duplicate" [ref=e91]';
const url = 'http://127.0.0.1/app';

describe('ReadSnapshots', () => {
  it('diffs a page after a modal scope against the page read before it, and says the scope is gone', () => {
    const read = new ReadSnapshots();
    read.record(page, url);
    expect(read.diff(menu, url, menu.length)).toBeUndefined(); // the scope alone is shorter whole
    read.record(menu, url);
    const after = page.replace(': Draft', ': Duplicated');
    const diff = read.diff(after, url, after.length)!.text;
    expect(diff).toContain('- paragraph [ref=e3]: Duplicated');
    expect(diff).toContain('- removed: dialog "Actions" [ref=e90]');
    expect(diff).not.toContain('Item 29');
  });

  it('a smaller new view at the same URL is diffed against the last read, the shorter of the two', () => {
    const read = new ReadSnapshots();
    read.record(page, url);
    const other = `- main [ref=e100]:\n  - heading "Other" [ref=e101]\n${list(10, 200)}`;
    read.record(other, url);
    const next = other.replace('"Other"', '"Other page"');
    expect(read.diff(next, url, next.length)?.text).toBe('# diff: 1 changed (unchanged parts omitted)\n~ main [ref=e100]\n  - heading "Other page" [ref=e101]');
    // What a diff leaves out is said in the first diff shown only.
    const shown = read.diff(next, url, next.length)!;
    expect(read.shownText(shown)).toMatch(/^# diff: 1 changed \(unchanged parts omitted\)\n/);
    expect(read.shownText(shown)).toMatch(/^# diff: 1 changed\n~ main/);
    // Another URL: nothing read of it yet.
    expect(read.diff(next, `${url}/x`, next.length)).toBeUndefined();
  });
});
