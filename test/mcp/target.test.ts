// Playwright MCP 0.0.83's parameter names over MCP, checked by their effect on real pages:
// `target` as a ref or a unique selector, an ambiguous selector listing its candidates with refs,
// our older `ref` as an alias (and a clear error when both disagree), fill_form fields by
// target, console `all`, and `filename` writing the snapshot to a linked file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { call, refOf, sectionOf, servePages, stdioClient, tempDir, type PageServer } from './helpers.js';

const pages: Record<string, string> = {
  '/buttons': `<!doctype html><title>Buttons</title>
    <p id="out">nothing</p>
    <button id="go" onclick="out.textContent='go clicked'">Go</button>
    <button class="dup" onclick="out.textContent='one clicked'">One</button>
    <button class="dup" onclick="out.textContent='two clicked'">Two</button>`,
  '/form': `<!doctype html><title>Form</title>
    <label>Name <input id="name"></label>
    <label><input type="checkbox" id="agree"> Agree</label>
    <p id="state"></p>
    <script>
      const show = () => { state.textContent = 'name=' + document.getElementById('name').value + ' agree=' + agree.checked; };
      document.addEventListener('input', show); document.addEventListener('change', show);
    </script>`,
  '/net': `<!doctype html><title>Net</title><link rel="stylesheet" href="/style.css">
    <p id="r">waiting</p>
    <script>fetch('/api/user').then(r => r.text()).then(t => { document.getElementById('r').textContent = 'got ' + t; });</script>`,
  '/style.css': 'p { color: green }',
  '/api/user': '{"name":"Ada"}',
  '/log1': `<!doctype html><title>Log 1</title><script>console.log('from the first page')</script><p>one</p>`,
  '/log2': `<!doctype html><title>Log 2</title><script>console.log('from the second page')</script><p>two</p>`,
};

let site: PageServer;
let client: Client;
let outputDir: string;

beforeAll(async () => {
  site = await servePages(pages);
  outputDir = tempDir('ariaref-target-');
  // The output dir is the client's root too: relative file names resolve against the workspace.
  client = await stdioClient(['--output-dir', outputDir], { roots: [outputDir] });
});

afterAll(async () => {
  await client?.close();
  await site?.close();
});

async function outText(): Promise<string> {
  const snap = await call(client, 'browser_snapshot', {});
  return sectionOf(snap.text, 'Snapshot');
}

describe('target: a ref or a unique selector', () => {
  it('clicks by ref given as target', async () => {
    const nav = await call(client, 'browser_navigate', { url: `${site.origin}/buttons` });
    const go = refOf(sectionOf(nav.text, 'Snapshot'), 'button', 'Go');
    const clicked = await call(client, 'browser_click', { element: 'Go', target: go });
    expect(clicked.isError, clicked.text).toBe(false);
    expect(await outText()).toContain('go clicked');
  });

  it('clicks by a unique CSS selector given as target', async () => {
    await call(client, 'browser_navigate', { url: `${site.origin}/buttons` });
    const clicked = await call(client, 'browser_click', { target: '#go' });
    expect(clicked.isError, clicked.text).toBe(false);
    expect(await outText()).toContain('go clicked');
  });

  it('lists the candidates of a selector that matches two elements, with refs that work', async () => {
    const nav = await call(client, 'browser_navigate', { url: `${site.origin}/buttons` });
    const snapshot = sectionOf(nav.text, 'Snapshot');
    const ambiguous = await call(client, 'browser_click', { target: '.dup' });
    expect(ambiguous.isError).toBe(true);
    expect(ambiguous.text).toContain('matches 2 elements');
    const one = refOf(snapshot, 'button', 'One');
    const two = refOf(snapshot, 'button', 'Two');
    expect(ambiguous.text).toContain(`button "One" [ref=${one}]`);
    expect(ambiguous.text).toContain(`button "Two" [ref=${two}]`);
    expect(await outText()).toContain('nothing');
    const picked = /button "Two" \[ref=([a-z0-9]+)\]/.exec(ambiguous.text)![1]!;
    expect((await call(client, 'browser_click', { target: picked })).isError).toBe(false);
    expect(await outText()).toContain('two clicked');
  });

  it('still takes the older name ref, and refuses ref and target that disagree', async () => {
    const nav = await call(client, 'browser_navigate', { url: `${site.origin}/buttons` });
    const snapshot = sectionOf(nav.text, 'Snapshot');
    const one = refOf(snapshot, 'button', 'One');
    const two = refOf(snapshot, 'button', 'Two');
    expect((await call(client, 'browser_click', { ref: one })).isError).toBe(false);
    expect(await outText()).toContain('one clicked');
    expect((await call(client, 'browser_click', { ref: two, target: two })).isError).toBe(false);
    expect(await outText()).toContain('two clicked');

    const both = await call(client, 'browser_click', { ref: one, target: '#go' });
    expect(both.isError).toBe(true);
    expect(both.text).toContain('"ref" and "target"');
    expect(both.text).toContain(one);
    expect(both.text).toContain('#go');
    expect(await outText()).toContain('two clicked');

    const wrongType = await call(client, 'browser_click', { ref: 5 });
    expect(wrongType.isError).toBe(true);
    expect(wrongType.text).toContain('(passed as "ref")');
  });

  it('snapshots the subtree of a selector target, and finds by regex', async () => {
    await call(client, 'browser_navigate', { url: `${site.origin}/buttons` });
    const part = await call(client, 'browser_snapshot', { target: '#go' });
    expect(part.isError, part.text).toBe(false);
    const yaml = sectionOf(part.text, 'Snapshot');
    expect(yaml).toMatch(/- button "Go" \[ref=e\d+\]/);
    expect(yaml).not.toContain('One');
    const found = await call(client, 'browser_find', { regex: '/^button "(one|two)"/i' });
    expect(found.isError, found.text).toBe(false);
    expect(found.text).toContain('2 matches');
    expect(found.text).toMatch(/button "One" \[ref=e\d+\]/);
    expect(found.text).toMatch(/button "Two" \[ref=e\d+\]/);
  });

  it('drags by startTarget/endTarget', async () => {
    await call(client, 'browser_navigate', { url: `${site.origin}/buttons` });
    const dragged = await call(client, 'browser_drag', { startTarget: '#go', endTarget: '#out' });
    expect(dragged.isError, dragged.text).toBe(false);
    expect(dragged.text).toContain('Dragged #go to #out');
  });
});

describe('fill_form fields by target', () => {
  it('fills a field by ref and a field by selector (and by the older ref name)', async () => {
    const nav = await call(client, 'browser_navigate', { url: `${site.origin}/form` });
    const name = refOf(sectionOf(nav.text, 'Snapshot'), 'textbox', 'Name');
    const filled = await call(client, 'browser_fill_form', {
      fields: [
        { name: 'Name', type: 'textbox', target: name, value: 'Ada' },
        { name: 'Agree', type: 'checkbox', target: '#agree', value: 'true' },
      ],
    });
    expect(filled.isError, filled.text).toBe(false);
    expect(await outText()).toContain('name=Ada agree=true');
    const old = await call(client, 'browser_fill_form', { fields: [{ name: 'Name', type: 'textbox', ref: name, value: 'Bob' }] });
    expect(old.isError, old.text).toBe(false);
    expect(await outText()).toContain('name=Bob agree=true');
  });
});

describe('network requests with Playwright MCP\'s parameters', () => {
  it('hides static resources with static false, filters by regexp, opens one by index and part, saves to files', async () => {
    await call(client, 'browser_navigate', { url: `${site.origin}/net` });
    await expect.poll(async () => outText()).toContain('got');
    const everything = await call(client, 'browser_network_requests', { static: true });
    expect(everything.text).toContain('/style.css');
    // As in Playwright MCP, static resources are left out unless asked for.
    const byDefault = await call(client, 'browser_network_requests', {});
    expect(byDefault.text).not.toContain('/style.css');
    expect(byDefault.text).toContain('/api/user');
    const dynamic = await call(client, 'browser_network_requests', { static: false });
    expect(dynamic.isError, dynamic.text).toBe(false);
    expect(dynamic.text).toContain('/api/user');
    expect(dynamic.text).not.toContain('/style.css');
    expect(dynamic.text).toContain('Note: 2 static requests not shown, run with "static" option to see them.');
    const filtered = await call(client, 'browser_network_requests', { static: true, filter: 'api/.*user' });
    expect(filtered.text).toContain('/api/user');
    expect(filtered.text).not.toContain('/style.css');
    const index = Number(/^(\d+)\. .*\/api\/user/m.exec(filtered.text)![1]);

    const body = await call(client, 'browser_network_request', { index, part: 'response-body' });
    expect(body.isError, body.text).toBe(false);
    expect(sectionOf(body.text, 'Result')).toBe('{"name":"Ada"}');
    const headers = await call(client, 'browser_network_request', { index, part: 'response-headers' });
    expect(headers.text).toMatch(/^content-type: /m);
    expect(headers.text).not.toContain('Ada');
    const saved = await call(client, 'browser_network_request', { index, part: 'response-body', filename: 'user.json' });
    expect(saved.isError, saved.text).toBe(false);
    expect(readFileSync(resolve(outputDir, 'user.json'), 'utf8')).toBe('{"name":"Ada"}');
    const whole = await call(client, 'browser_network_request', { id: index, filename: 'request.log' });
    expect(whole.text).toMatch(/- \[Request\]\(.+request\.log\)/);
    expect(readFileSync(resolve(outputDir, 'request.log'), 'utf8')).toContain('/api/user');

    const listed = await call(client, 'browser_network_requests', { static: false, filename: 'network.log' });
    expect(listed.text).toMatch(/- \[Network\]\(.+network\.log\)/);
    expect(readFileSync(resolve(outputDir, 'network.log'), 'utf8')).toContain('/api/user');
  });
});

describe('console all and filename', () => {
  it('lists earlier pages\' messages with all (includeEarlier still works)', async () => {
    await call(client, 'browser_navigate', { url: `${site.origin}/log1` });
    await call(client, 'browser_navigate', { url: `${site.origin}/log2` });
    await expect.poll(async () => (await call(client, 'browser_console_messages', { level: 'info' })).text).toContain('from the second page');
    const current = await call(client, 'browser_console_messages', { level: 'info' });
    expect(current.text).not.toContain('from the first page');
    const all = await call(client, 'browser_console_messages', { level: 'info', all: true });
    expect(all.text).toContain('from the first page');
    expect(all.text).toContain('from the second page');
    const old = await call(client, 'browser_console_messages', { includeEarlier: true });
    expect(old.text).toContain('from the first page');
  });

  it('writes the console listing to a file and links it', async () => {
    const saved = await call(client, 'browser_console_messages', { level: 'info', filename: 'console.log' });
    expect(saved.isError, saved.text).toBe(false);
    const path = /- \[Console\]\((.+)\)/.exec(saved.text)?.[1];
    expect(path).toBe('./console.log');
    expect(readFileSync(resolve(outputDir, path!), 'utf8')).toContain('from the second page');
    expect(saved.text).not.toContain('from the second page');
  });

  it('writes the snapshot to the file asked for and links it instead of showing it', async () => {
    await call(client, 'browser_navigate', { url: `${site.origin}/buttons` });
    const snap = await call(client, 'browser_snapshot', { filename: 'page.yml' });
    expect(snap.isError, snap.text).toBe(false);
    const section = sectionOf(snap.text, 'Snapshot');
    const path = /^- \[Snapshot\]\((.+)\)$/m.exec(section)?.[1];
    expect(path, section).toBeDefined();
    expect(path).toBe('./page.yml');
    const file = resolve(outputDir, path!);
    expect(dirname(file)).toBe(resolve(outputDir));
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(/- button "Go" \[ref=e\d+\]/);
    expect(snap.text).not.toContain('button "Go"');
  });
});
