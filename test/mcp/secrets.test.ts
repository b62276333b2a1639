// --secrets: an agent types a secret by its name, the page gets the value, and no answer shows
// the value: not the snapshot, console, network listing, generated code, evaluate results or errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { call, sectionOf, servePages, stdioClient, tempDir, type PageServer } from './helpers.js';

const VALUE = 's3cr3t-Value-9471';
let pages: PageServer;
let client: Client;
let folder: string;

beforeAll(async () => {
  pages = await servePages({
    '/login': `<h1>Login</h1><label>Token <input id="t"></label>
      <button onclick="const v = document.getElementById('t').value;
        document.getElementById('out').textContent = 'Welcome ' + v;
        console.log('token is ' + v); fetch('/api?token=' + v);">Sign in</button><p id="out"></p>`,
  });
  folder = tempDir('ariaref-secrets-');
  writeFileSync(join(folder, 'secrets.env'), `# test secrets\nAPI_TOKEN=${VALUE}\n`);
  client = await stdioClient(['--secrets', join(folder, 'secrets.env')], { roots: [folder] });
});

afterAll(async () => {
  await client?.close();
  await pages?.close();
  rmSync(folder, { recursive: true, force: true });
});

const refOf = (text: string, line: string) => new RegExp(`${line}[^\\n]*\\[ref=(e\\d+)\\]`).exec(text)![1]!;

describe('secrets', () => {
  it('types the value for the name and never shows the value', async () => {
    const nav = await call(client, 'browser_navigate', { url: `${pages.origin}/login` });
    const typed = await call(client, 'browser_type', { target: refOf(nav.text, 'textbox "Token"'), text: 'API_TOKEN' });
    expect(typed.isError, typed.text).toBe(false);
    expect(sectionOf(typed.text, 'Ran Playwright code')).toContain("fill(process.env['API_TOKEN'])");
    // The page got the value itself.
    const check = await call(client, 'browser_evaluate', { function: `() => document.getElementById('t').value === '${VALUE.split('').join("' + '")}'` });
    expect(check.text).toContain('true');
    const clicked = await call(client, 'browser_click', { target: refOf(nav.text, 'button "Sign in"') });
    const outputs = [
      typed.text, clicked.text,
      (await call(client, 'browser_snapshot')).text,
      (await call(client, 'browser_console_messages', { level: 'debug' })).text,
      (await call(client, 'browser_network_requests', {})).text,
      (await call(client, 'browser_evaluate', { function: '() => document.getElementById("out").textContent' })).text,
      (await call(client, 'browser_click', { target: `text=${VALUE}` })).text,
    ];
    for (const text of outputs) expect(text).not.toContain(VALUE);
    expect(outputs[2]).toContain('Welcome <secret>API_TOKEN</secret>');
    expect(outputs[3]).toContain('token is <secret>API_TOKEN</secret>');
    expect(outputs[4]).toContain('token=<secret>API_TOKEN</secret>');
  });

  it('keeps the value out of files the agent asked for, too', async () => {
    const files = [
      await call(client, 'browser_snapshot', { filename: join(folder, 'snap.yml') }),
      await call(client, 'browser_console_messages', { level: 'debug', filename: join(folder, 'console.log') }),
      await call(client, 'browser_network_requests', { filename: join(folder, 'network.log') }),
      await call(client, 'browser_evaluate', { function: '() => document.getElementById("out").textContent', filename: join(folder, 'eval.json') }),
    ];
    for (const result of files) expect(result.isError, result.text).toBe(false);
    const written = ['snap.yml', 'console.log', 'network.log', 'eval.json'].map(name => readFileSync(join(folder, name), 'utf8'));
    for (const text of written) expect(text).not.toContain(VALUE);
    expect(written[0]).toContain('Welcome <secret>API_TOKEN</secret>');
    expect(written[3]).toContain('Welcome <secret>API_TOKEN</secret>');
  });
});
