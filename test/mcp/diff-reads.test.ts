// What an action's answer shows in diff mode, end to end over stdio: after a menu that hid the page
// (as react-aria and MUI do) closes, the answer is the change since the page as the agent read it
// before the menu opened, not the whole page again; a budget-folded page is compared unfolded, so
// scrolling neither removes nor re-sends what the folds hide, and a change inside a fold shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { call, refOf, sectionOf, servePages, stdioClient, tempDir, type PageServer } from './helpers.js';

const projects = Array.from({ length: 12 }, (_, i) => `<li><h3>Project ${i}</h3><p>Description of project ${i}</p><a href="#p${i}">Open ${i}</a></li>`).join('');

const menuPage = `<!doctype html><title>Menu</title>
<div id=app><main><h1>Workspace</h1><button id=actions>Actions</button><p id=status>Nothing chosen</p><ul>${projects}</ul></main></div>
<div id=popover hidden role=dialog aria-label=Actions><div role=menu aria-label=Actions>
  <div role=menuitem tabindex=-1 id=dup>Duplicate</div><div role=menuitem tabindex=-1>Archive</div></div></div>
<script>
  const app = document.getElementById('app'), pop = document.getElementById('popover');
  document.getElementById('actions').onclick = () => { pop.hidden = false; app.setAttribute('aria-hidden', 'true'); };
  document.getElementById('dup').onclick = () => {
    pop.hidden = true; app.removeAttribute('aria-hidden'); document.getElementById('status').textContent = 'Duplicated';
  };
</script>`;

// Landmarks of alternating roles: no run of siblings to fold, so what folds is what is off-screen.
const tags = ['section', 'article', 'aside', 'nav'];
const sections = Array.from({ length: 40 }, (_, i) => { const tag = tags[i % 4];
  return `<${tag} aria-label="Part ${i}"><h2>Part ${i}</h2><p>${`Text of part ${i}. `.repeat(40)}</p><span id=s${i}>State ${i}</span><button onclick="document.getElementById('s${i}').textContent='Done ${i}'">Do ${i}</button></${tag}>`; }).join('');
const longPage = `<!doctype html><title>Long</title><main><button onclick="document.getElementById('s30').textContent='Changed far below'">Change below</button>${sections}</main>`;

let site: PageServer;
let client: Client;

beforeAll(async () => {
  site = await servePages({ '/menu': menuPage, '/long': longPage });
  client = await stdioClient(['--snapshot-mode', 'diff', '--snapshot-max-tokens', '1500', '--output-dir', tempDir('ariaref-diff-reads-')]);
});

afterAll(async () => {
  await client?.close();
  await site?.close();
});

describe('diffs against what the agent read', () => {
  it('answers closing a menu with what changed since the page was read, and the menu as removed', async () => {
    const nav = await call(client, 'browser_navigate', { url: `${site.origin}/menu` });
    const page = sectionOf(nav.text, 'Snapshot');
    expect(page).toContain('Project 11');
    const opened = await call(client, 'browser_click', { element: 'Actions', ref: refOf(page, 'button', 'Actions') });
    const menu = sectionOf(opened.text, 'Snapshot');
    expect(menu).toContain('menuitem "Duplicate"');
    expect(menu).not.toContain('Project');
    const chosen = await call(client, 'browser_click', { element: 'Duplicate', ref: refOf(menu, 'menuitem', 'Duplicate') });
    expect(chosen.isError, chosen.text).toBe(false);
    const diff = sectionOf(chosen.text, 'Snapshot');
    expect(diff).toContain('# diff:');
    expect(diff).toContain('paragraph [ref=');
    expect(diff).toContain('Duplicated');
    expect(diff).toMatch(/- removed: dialog "Actions" \[ref=e\d+\]/);
    expect(diff).not.toContain('Project');
    expect(diff.length).toBeLessThan(page.length / 3);
  });

  it('compares a folded page unfolded: a change inside a fold shows, and scrolling removes nothing', async () => {
    const nav = await call(client, 'browser_navigate', { url: `${site.origin}/long` });
    const page = sectionOf(nav.text, 'Snapshot');
    expect(page).toMatch(/off-screen|folded/);
    expect(page).not.toContain('State 30');
    const changed = await call(client, 'browser_click', { element: 'Change below', ref: refOf(page, 'button', 'Change below') });
    const diff = sectionOf(changed.text, 'Snapshot');
    expect(diff).toContain('Changed far below');
    expect(diff).not.toContain('removed');
    // Far down the page: the click scrolls, what was on screen folds, what comes on screen unfolds.
    const part = await call(client, 'browser_snapshot', { target: refOf(page, 'navigation', 'Part 39') });
    const far = await call(client, 'browser_click', { element: 'Do 39', ref: refOf(sectionOf(part.text, 'Snapshot'), 'button', 'Do 39') });
    const scrolled = sectionOf(far.text, 'Snapshot');
    expect(scrolled).toContain('Done 39');
    expect(scrolled).not.toContain('removed');
    expect(scrolled).not.toContain('Text of part 0');
  });
});
