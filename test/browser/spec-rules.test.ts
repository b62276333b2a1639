// Issue-17 rules in real Chromium, where layout and generated content exist: what the snapshot
// prints for icon buttons, unnamed regions, iframes, scripted anchors, <tbody>, and what role() and
// name() say for elements the page does not render.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, type BrowserContext, type Page } from 'playwright';
import { launchChromium, runtimeContext } from '../support/browser.js';
import { startLoopbackServer, type LoopbackServer } from '../support/server.js';

let server: LoopbackServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let counter = 0;

beforeAll(async () => {
  server = await startLoopbackServer();
  browser = await launchChromium();
  context = await runtimeContext(browser);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function yamlOf(body: string): Promise<string> {
  const path = `/s${++counter}`;
  server.route(path, `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`);
  await page.goto(`${server.origin}${path}`);
  return page.evaluate(() => (globalThis as any).__ariaref.snapshot({}).yaml as string);
}

describe('accname 2I in the snapshot: icon buttons', () => {
  it('names an icon-font button by its title, and prints no description, no "" and no empty ":"', async () => {
    const yaml = await yamlOf(`<style>.fc-icon::before { content: "\\e900"; font-family: monospace }</style>
      <button title="Previous month"><span role="img" class="fc-icon"></span></button>`);
    expect(yaml).toMatch(/^- button "Previous month" \[ref=e\d+\]/);
    expect(yaml).not.toContain('/description');
    expect(yaml).not.toContain('""');
    // A key ending in ':' always has children on the next lines.
    const lines = yaml.split('\n');
    lines.forEach((line, i) => {
      if (line.endsWith(':')) expect((lines[i + 1] ?? '').search(/\S/)).toBeGreaterThan(line.search(/\S/));
    });
  });

  it('keeps real generated text and a visible label', async () => {
    const yaml = await yamlOf(`<style>.next::after { content: "Next" }</style><button title="Go forward" class="next"></button>`);
    expect(yaml).toContain('button "Next"');
    expect(yaml).toContain('/description: Go forward');
  });
});

describe('wai-aria 9.1 in the snapshot: nameless regions', () => {
  it('lists a nameless role=region table as a table, a named one as a region', async () => {
    const yaml = await yamlOf(`<table role="region"><tr><td>a</td></tr></table>
      <table role="region" aria-label="Models"><tr><td>b</td></tr></table>`);
    expect(yaml).toMatch(/^- table( \[ref=e\d+\])?:/m);
    expect(yaml).toContain('region "Models"');
    expect(yaml.match(/region/g)?.length).toBe(1);
  });
});

describe('html-aam iframe: named by title', () => {
  it('prints iframe "Payment form"', async () => {
    const yaml = await yamlOf(`<iframe title="Payment form" srcdoc="<p>x</p>"></iframe><iframe srcdoc="<p>y</p>"></iframe>`);
    expect(yaml).toMatch(/- iframe "Payment form" \[ref=e\d+\]/);
    expect(yaml).toMatch(/- iframe \[ref=e\d+\]/);
  });
});

describe('scripted anchors', () => {
  it('gives <a tabindex=0> without href a link role and a ref', async () => {
    const yaml = await yamlOf(`<a tabindex="0" onclick="this.textContent='opened'">+2 more</a>`);
    expect(yaml).toMatch(/- link "\+2 more" \[ref=e\d+\]/);
  });
});

describe('<tbody>', () => {
  it('is left out when it has nothing of its own, kept when it does', async () => {
    const bare = await yamlOf(`<table><thead><tr><th>H</th></tr></thead><tbody><tr><td>a</td></tr></tbody></table>`);
    expect(bare).not.toMatch(/rowgroup.*\n\s*- row "a"/);
    expect(bare).toContain('rowgroup'); // the thead
    expect(bare.match(/rowgroup/g)?.length).toBe(1);
    const labelled = await yamlOf(`<table><tbody aria-label="Pending"><tr><td>a</td></tr></tbody></table>`);
    expect(labelled).toContain('rowgroup "Pending"');
  });
});

describe('not-rendered elements: role() and name()', () => {
  it('keep the author name of a closed dialog, an audio without controls and an rp; the snapshot omits them', async () => {
    const yaml = await yamlOf(`<dialog id="d" aria-label="Settings">x</dialog><audio id="a" title="Chime"></audio>
      <ruby>漢<rp id="r" aria-label="open">(</rp><rt>kan</rt></ruby><p>shown</p>`);
    const got = await page.evaluate(() => ['d', 'a', 'r'].map(id => {
      const el = document.getElementById(id)!;
      return [(globalThis as any).__ariaref.role(el), (globalThis as any).__ariaref.name(el)];
    }));
    expect(got).toEqual([['dialog', 'Settings'], [null, 'Chime'], [null, 'open']]);
    expect(yaml).not.toContain('Settings');
    expect(yaml).not.toContain('Chime');
  });
});
