// Spec rules in real Chromium, where layout and generated content exist: what the snapshot
// prints for icon buttons, unnamed regions, iframes, scripted anchors, <tbody>, and what role() and
// name() say for elements the page does not render, and html-aam names checked against Chromium's own tree.
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

/** Role and name of `#id` by our runtime and by Chromium's own accessibility tree. */
async function bothNames(ids: string[]): Promise<Array<{ id: string; ours: string; chromium: string }>> {
  const cdp = await context.newCDPSession(page);
  try {
    const out = [];
    for (const id of ids) {
      const ours = await page.evaluate(i => (globalThis as any).__ariaref.name(document.getElementById(i)) as string, id);
      const { result } = await cdp.send('Runtime.evaluate', { expression: `document.getElementById(${JSON.stringify(id)})` });
      const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { objectId: result.objectId, fetchRelatives: false });
      out.push({ id, ours, chromium: String(nodes[0]?.name?.value ?? '') });
    }
    return out;
  } finally {
    await cdp.detach();
  }
}

describe('html-aam names where a caption is hidden or belongs to another element (Chromium agrees)', () => {
  it('a table, fieldset or figure whose first caption or legend is hidden has no name: the next one is not used', async () => {
    // html-aam table, fieldset, figure: "the first such element" (caption, legend, figcaption) names it;
    // hidden, it contributes nothing (accname 2A), and Chromium 150 and axe-core take no second one either.
    await yamlOf(`<table id="t1"><caption hidden>Hidden</caption><caption>Second</caption><tr><td>x</td></tr></table>
      <table id="t2"><caption style="display:none">Hidden</caption><tr><td>x</td></tr></table>
      <fieldset id="f1"><legend hidden>Hidden</legend><legend>Second</legend><input></fieldset>
      <fieldset id="f2"><legend style="visibility:hidden">Hidden</legend><input></fieldset>
      <figure id="g1"><figcaption hidden>Hidden</figcaption><figcaption>Second</figcaption><p>x</p></figure>
      <table id="t3"><caption>Shown</caption><caption>Second</caption><tr><td>x</td></tr></table>`);
    const names = await bothNames(['t1', 't2', 'f1', 'f2', 'g1', 't3']);
    for (const { id, ours, chromium } of names) expect(ours, id).toBe(chromium);
    expect(names.map(n => n.ours)).toEqual(['', '', '', '', '', 'Shown']);
  });

  it('an <img> in a <figure> is named by its own alt, never by the figure\'s figcaption', async () => {
    // html-aam img: aria-labelledby, aria-label, alt, title; the figcaption names the figure (html-aam figure).
    await yamlOf(`<figure id="fig"><img id="i1" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20"><figcaption>Cap</figcaption></figure>
      <figure><img id="i2" alt="Pic" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20"><figcaption>Cap</figcaption></figure>`);
    const names = await bothNames(['i1', 'i2']);
    for (const { id, ours, chromium } of names) expect(ours, id).toBe(chromium);
    expect(names.map(n => n.ours)).toEqual(['', 'Pic']);
    // The figure itself takes its figcaption (html-aam figure, as Playwright and axe-core do; Chromium 150's
    // DevTools tree leaves the figure unnamed).
    expect(await page.evaluate(() => (globalThis as any).__ariaref.name(document.getElementById('fig')))).toBe('Cap');
  });

  it('an <area> is named by its alt, then its title; an empty alt falls through to the title', async () => {
    // html-aam area: aria-labelledby, aria-label, alt (when not empty), title. Chromium keeps areas out of
    // the DevTools tree, so the spec alone decides here.
    await yamlOf(`<map name="m"><area id="a1" href="/a" alt="Alpha" title="T" coords="0,0,9,9"><area id="a2" href="/b" alt="" title="Tee" coords="10,0,19,9">
      <area id="a3" href="/c" title="Only title" coords="20,0,29,9"><area id="a4" href="/d" alt="" coords="30,0,39,9">
      <area id="a5" href="/e" alt="Alt" aria-label="Label" coords="40,0,49,9"></map>`);
    const got = await page.evaluate(() => ['a1', 'a2', 'a3', 'a4', 'a5'].map(id => (globalThis as any).__ariaref.name(document.getElementById(id))));
    expect(got).toEqual(['Alpha', 'Tee', 'Only title', '', 'Label']);
  });
});
