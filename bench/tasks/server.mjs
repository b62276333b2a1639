// The task bench's HTTP server on 127.0.0.1: each app's page at /<app>/<task>, the bundles at
// /assets/, the petstore API at /api/, and /__state, where pages post what the user achieved.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { apiAnswer, openapi } from './openapi.mjs';

const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.html': 'text/html; charset=utf-8',
  '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf', '.svg': 'image/svg+xml', '.png': 'image/png' };

const page = (app, title, hasCss) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
${hasCss ? `<link rel="stylesheet" href="/assets/${app}.css">` : ''}</head>
<body><div id="root"></div><script src="/assets/${app}.js"></script></body></html>`;

/** Serves the built apps from `assetsDir`; `apps` maps an app name to { title, css }. */
export function serveTasks(assetsDir, apps) {
  const states = new Map();
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const send = (status, type, body) => response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    try {
      if (url.pathname === '/__state' && request.method === 'POST') {
        let body = '';
        for await (const chunk of request) body += chunk;
        const { path, state } = JSON.parse(body);
        states.set(path, state);
        return send(204, 'text/plain', '');
      }
      if (url.pathname === '/favicon.ico') return send(204, 'image/x-icon', '');
      if (url.pathname === '/api/openapi.json') return send(200, TYPES['.json'], JSON.stringify(openapi));
      if (url.pathname.startsWith('/api/')) {
        const { status, body } = apiAnswer(request.method, url.pathname);
        return send(status, TYPES['.json'], JSON.stringify(body));
      }
      if (url.pathname.startsWith('/assets/')) {
        const file = normalize(join(assetsDir, url.pathname.slice('/assets/'.length)));
        if (!file.startsWith(assetsDir)) return send(403, 'text/plain', 'forbidden');
        return send(200, TYPES[extname(file)] ?? 'application/octet-stream', await readFile(file));
      }
      const app = apps[url.pathname.split('/')[1]];
      if (app) return send(200, TYPES['.html'], page(url.pathname.split('/')[1], app.title, app.css));
      send(404, 'text/plain', 'not found');
    } catch (error) {
      send(error.code === 'ENOENT' ? 404 : 500, 'text/plain', String(error.message));
    }
  });
  return new Promise(done => server.listen(0, '127.0.0.1', () => done({
    origin: `http://127.0.0.1:${server.address().port}`,
    /** The last state the page at `path` posted, or undefined. */
    state: path => states.get(path),
    clear: path => states.delete(path),
    close: () => new Promise(r => { server.closeAllConnections?.(); server.close(r); }),
  })));
}
