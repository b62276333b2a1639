// Where a repeat snapshot's time goes: driver wall vs in-page, no change and one row changed.
import { chromium } from 'playwright';
import { attach } from './dist/driver/index.js';
import { table } from './bench/pages.mjs';
const rows = +(process.argv[2] ?? 1000);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext();
const page = await context.newPage();
const aria = await attach(page);
const html = table(rows);
await page.route('http://x.test/', r => r.fulfill({ contentType: 'text/html', body: html }));
await page.goto('http://x.test/');
const time = async f => { const t = performance.now(); const r = await f(); return [performance.now() - t, r]; };
let [ms, y] = await time(() => aria.snapshot());
console.log('first', ms.toFixed(1), y.length);
for (let i = 0; i < 3; i++) { [ms] = await time(() => aria.snapshot()); console.log('repeat', ms.toFixed(1)); }
for (let i = 0; i < 3; i++) {
  const inPage = await page.evaluate(() => { const t = performance.now(); const r = __ariaref.snapshot({ format: 'yaml' }); return [performance.now() - t, r.yaml.length]; });
  console.log('repeat in page', inPage[0].toFixed(1), inPage[1]);
}
for (let i = 0; i < 3; i++) {
  await page.evaluate(i => { document.querySelector('#r5 td').textContent = 'Changed ' + i; }, i);
  [ms] = await time(() => aria.snapshot()); console.log('one row changed', ms.toFixed(1));
}
for (let i = 0; i < 3; i++) {
  await page.evaluate(i => { document.querySelector('#r7 td').textContent = 'Again ' + i; }, i);
  const inPage = await page.evaluate(() => { const t = performance.now(); document.body.offsetHeight; const l = performance.now(); const r = __ariaref.snapshot({ format: 'yaml' }); return [l - t, performance.now() - l]; });
  console.log('one row changed in page: layout', inPage[0].toFixed(1), 'snapshot', inPage[1].toFixed(1));
}
const pwT = performance.now(); await page.ariaSnapshot({ mode: 'ai' }); console.log('pw full', (performance.now() - pwT).toFixed(1));
await browser.close();
