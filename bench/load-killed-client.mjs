// The load bench's killed client: opens a session (the SDK opens the GET event stream after the
// handshake), navigates to its page, says "ready" once the stream is open and the page loaded,
// then idles until the bench SIGKILLs it: no DELETE, no goodbye, as a crashed agent leaves.
//
//   node bench/load-killed-client.mjs <server /mcp url> <page url>
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const [url, page] = process.argv.slice(2);
let streamOpen;
const streamOpened = new Promise(resolve => { streamOpen = resolve; });
// Watching the transport's own requests is the only way to know that its event stream is live.
const watchingFetch = async (input, init) => {
  const response = await fetch(input, init);
  if ((init?.method ?? 'GET') === 'GET' && response.ok) streamOpen();
  return response;
};
const client = new Client({ name: 'killed-client', version: '0' });
client.onerror = () => {};
await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: watchingFetch }));
const result = await client.callTool({ name: 'browser_navigate', arguments: { url: page } });
await streamOpened;
process.stdout.write(`ready ${result.isError ? 'error' : 'ok'}\n`);
setInterval(() => {}, 60_000);
