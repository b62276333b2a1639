import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { writeFileSync } from 'node:fs';
import { apps, builtApps } from './build.mjs';
import { serveTasks } from './server.mjs';
import { sides } from './run.mjs';
const server = await serveTasks(await builtApps(), apps);
const [app, ...rest] = process.argv.slice(2);
for (const side of ['ariaref', 'pw']) {
  const c = new Client({ name: 'p', version: '0' });
  await c.connect(new StdioClientTransport({ command: process.execPath, args: [...sides[side].args, '--executable-path', '/usr/bin/chromium', '--headless', '--no-sandbox', '--isolated', '--viewport-size', '1280x720'], cwd: '/tmp', stderr: 'inherit' }));
  const call = async (name, args) => (await c.callTool({ name, arguments: args })).content.map(x => x.text).join('\n');
  await call('browser_navigate', { url: `${server.origin}/${app}/probe` });
  await call('browser_wait_for', { time: 1 });
  const t = await call('browser_snapshot', {});
  writeFileSync(`/tmp/probe-${app}-${side}.txt`, t);
  console.log(side, t.length);
  await c.close();
}
await server.close();
