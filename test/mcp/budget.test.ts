// A large page never floods the agent: the snapshot folds to the token budget, and the fold line
// tells how to page on (rootRef + offset), which browser_snapshot then serves.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { call, sectionOf, servePages, stdioClient, type PageServer } from './helpers.js';

const rows = Array.from({ length: 1000 }, (_, i) =>
  `<tr><td>Order ${i}</td><td><a href="/o/${i}">Open ${i}</a></td><td><button>Delete ${i}</button></td></tr>`).join('');

let site: PageServer;
let client: Client;

beforeAll(async () => {
  site = await servePages({ '/table': `<!doctype html><h1>Orders</h1><table><tbody>${rows}</tbody></table>` });
  client = await stdioClient(['--snapshot-max-tokens', '4000']);
});

afterAll(async () => {
  await client?.close();
  await site?.close();
});

it('folds a 1,000-row table to the budget and pages through the rest', async () => {
  const nav = await call(client, 'browser_navigate', { url: `${site.origin}/table` });
  expect(nav.isError, nav.text).toBe(false);
  const snapshot = sectionOf(nav.text, 'Snapshot');
  expect(snapshot.length).toBeLessThan(4000 * 4 * 1.1);
  expect(snapshot).toContain('button "Delete 0"');
  expect(snapshot).not.toContain('button "Delete 999"');
  const fold = /more rows folded: snapshot with ref=(\w+) offset=(\d+)/.exec(snapshot);
  expect(fold, snapshot.slice(-500)).not.toBeNull();

  const next = await call(client, 'browser_snapshot', { ref: fold![1], offset: Number(fold![2]), limit: 5 });
  expect(next.isError, next.text).toBe(false);
  const page = sectionOf(next.text, 'Snapshot');
  expect(page).toContain(`button "Delete ${fold![2]}"`);
  expect(page).not.toContain('button "Delete 0"');

  const last = await call(client, 'browser_snapshot', { ref: fold![1], offset: 995, limit: 5 });
  expect(sectionOf(last.text, 'Snapshot')).toContain('button "Delete 999"');
});

it('finds a row\'s button by name without a full snapshot, and the ref clicks it', async () => {
  await call(client, 'browser_navigate', { url: `${site.origin}/table` });
  const found = await call(client, 'browser_find', { role: 'button', name: 'Delete 742' });
  expect(found.isError, found.text).toBe(false);
  expect(found.text).toMatch(/Found 1 match for .*:/);
  const ref = /button "Delete 742" \[ref=(\w+)\]/.exec(found.text)?.[1];
  expect(ref, found.text).toBeDefined();
  expect(found.text).toContain('row');
  const clicked = await call(client, 'browser_click', { element: 'Delete 742', ref: ref! });
  expect(clicked.isError, clicked.text).toBe(false);

  const none = await call(client, 'browser_find', {});
  expect(none.isError).toBe(true);
  expect(none.text).toContain('Provide either "text" or "regex"');
});
