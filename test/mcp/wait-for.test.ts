// browser_wait_for over stdio: texts count only when visible, in any frame of the page, and a
// text that stays hidden times out with the words that were missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { call, sectionOf, servePages, stdioClient, type PageServer } from './helpers.js';

const pages = {
  '/hidden-text': `<!doctype html><title>Hidden</title><p>Visible words</p>
    <p style="display:none">Secret words</p><p style="visibility:hidden">Ghost words</p>`,
  '/outer': `<!doctype html><title>Outer</title><h1>Outer page</h1><iframe src="/inner" title="Inner"></iframe>`,
  '/inner': `<!doctype html><title>Inner</title><p id="late"></p>
    <script>setTimeout(() => { document.getElementById('late').textContent = 'Framed answer'; }, 300);</script>`,
  '/going': `<!doctype html><title>Going</title><p id="note">Loading rows</p>
    <script>setTimeout(() => { document.getElementById('note').style.display = 'none'; }, 300);</script>`,
};

let site: PageServer;
let client: Client;

beforeAll(async () => {
  site = await servePages(pages);
  client = await stdioClient([]);
});

afterAll(async () => {
  await client?.close();
  await site?.close();
});

describe('browser_wait_for', () => {
  it('does not count a text that is in the page but not shown', async () => {
    await call(client, 'browser_navigate', { url: `${site.origin}/hidden-text` });
    const hidden = await call(client, 'browser_wait_for', { text: ['Secret words', 'Ghost words'], timeout: 0.5 });
    expect(hidden.isError, hidden.text).toBe(true);
    expect(hidden.text).toContain('None of "Secret words", "Ghost words" appeared');
    const shown = await call(client, 'browser_wait_for', { text: ['Secret words', 'Visible words'] });
    expect(shown.isError, shown.text).toBe(false);
    expect(sectionOf(shown.text, 'Result')).toContain('"Visible words" appeared');
  });

  it('finds a text that appears later inside an iframe', async () => {
    await call(client, 'browser_navigate', { url: `${site.origin}/outer` });
    const result = await call(client, 'browser_wait_for', { text: 'Framed answer', timeout: 10 });
    expect(result.isError, result.text).toBe(false);
    expect(sectionOf(result.text, 'Result')).toContain('"Framed answer" appeared');
  });

  it('waits for a text to be hidden, not only removed', async () => {
    await call(client, 'browser_navigate', { url: `${site.origin}/going` });
    const result = await call(client, 'browser_wait_for', { textGone: 'Loading rows', timeout: 10 });
    expect(result.isError, result.text).toBe(false);
    expect(sectionOf(result.text, 'Result')).toContain('"Loading rows" is gone');
    const state = await call(client, 'browser_evaluate', { function: '() => getComputedStyle(document.getElementById("note")).display' });
    expect(sectionOf(state.text, 'Result')).toContain('"none"');
  });
});
