// Benchmark: the wait after a click, three ways, alternating per round so that background noise
// (2 shared cores) hits all alike:
//   ariaref   - ActionWaiter (tracked timers/requests, tail window, churn recognition)
//   fixed500  - click, then sleep 500 ms
//   quiet100  - click, then a bare 100 ms quiet window (no activity tracking, 3 s cap)
// on three pages: an update 300 ms after the click, one 1 s after, and a page mutating every 50 ms.
// Reports median round trip and how often the update was visible right after the call.
//
//   node build.mjs && node bench/actions.mjs [--rounds=10]
import { chromium } from 'playwright';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(process.argv.slice(2).map(a => a.replace(/^--/, '').split('=')));
const rounds = Number(args.rounds ?? 10);
const { runAndWait } = await import(pathToFileURL(join(root, 'dist/driver/actions/wait.js')).href);
const runtime = readFileSync(join(root, 'dist/injected.js'), 'utf8');

const spa = ms => `<!doctype html><button id=b>Load</button><div id=out>before</div><script>
  b.onclick = () => setTimeout(() => { window.updatedAt = Date.now(); out.textContent = 'after'; }, ${ms});</script>`;
const pages = {
  'update-300ms': spa(300),
  'update-1s': spa(1000),
  'ticker-50ms': `<!doctype html><button id=b>Nothing</button><div id=out>after</div><div id=c>0</div><script>
    let n = 0; setInterval(() => { c.textContent = String(++n); }, 50);</script>`,
};

const strategies = {
  ariaref: (page, act) => runAndWait(page, act),
  fixed500: async (page, act) => { await act(); await page.waitForTimeout(500); },
  quiet100: async (page, act) => {
    await act();
    await page.evaluate(() => new Promise(resolve => {
      let timer; const cap = setTimeout(done, 3000);
      const mo = new MutationObserver(arm); mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      function arm() { clearTimeout(timer); timer = setTimeout(done, 100); }
      function done() { mo.disconnect(); clearTimeout(cap); clearTimeout(timer); resolve(); }
      arm();
    }));
  },
};

const server = createServer((req, res) => {
  const html = pages[new URL(req.url, 'http://x').pathname.slice(1)];
  if (!html) { res.writeHead(404).end(); return; }
  res.writeHead(200, { 'content-type': 'text/html' }).end(html);
});
await new Promise(r => server.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const context = await browser.newContext();
await context.addInitScript({ content: runtime });

const median = xs => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
console.log(`load average: ${(await import('node:os')).loadavg().map(x => x.toFixed(1)).join(' ')}; ${rounds} rounds`);
for (const name of Object.keys(pages)) {
  const page = await context.newPage();
  await page.goto(`${origin}/${name}`);
  await page.locator('#b').click({ trial: true });
  await page.waitForTimeout(1100); // history for the churn baseline
  const results = Object.fromEntries(Object.keys(strategies).map(s => [s, { times: [], caught: 0, lags: [] }]));
  for (let round = 0; round < rounds; round++) {
    for (const [label, wait] of Object.entries(strategies)) {
      if (name !== 'ticker-50ms') await page.evaluate(() => { document.getElementById('out').textContent = 'before'; window.updatedAt = 0; });
      const started = Date.now();
      await wait(page, () => page.locator('#b').click());
      const ended = Date.now();
      results[label].times.push(ended - started);
      const [text, updatedAt] = await page.evaluate(() => [document.getElementById('out').textContent, window.updatedAt]);
      if (text === 'after') results[label].caught++;
      // Time the call kept the agent waiting after the update had landed (same clock: one machine).
      if (text === 'after' && updatedAt) results[label].lags.push(ended - updatedAt);
      await page.waitForTimeout(1100); // let a missed 1 s update land before the next round
      if (name === 'update-1s') await page.waitForTimeout(100);
    }
  }
  for (const [label, r] of Object.entries(results))
    console.log(`${name.padEnd(13)} ${label.padEnd(9)} median ${String(median(r.times)).padStart(5)} ms  min ${Math.min(...r.times)}  max ${Math.max(...r.times)}  update seen ${r.caught}/${rounds}${r.lags.length ? `  waited after update: median ${median(r.lags)} ms` : ''}`);
  await page.close();
}
await browser.close();
server.close();
