// End to end over stdio: an image map's <area> links have no box of their own, yet they are drawn on
// the image that uses the map. They get refs, and a click by ref lands inside the shape (rect,
// circle, concave polygon) on that image; the recorded code replays it as a click at that point.
// Playwright's own click on an <area> waits out its timeout ("element is not visible").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { call, refOf, sectionOf, servePages, stdioClient, type PageServer } from './helpers.js';

const IMAGE = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='300' height='200'/%3E";

const MAP = `<!doctype html><title>Floor plan</title>
  <div style="height:1200px">Scroll down for the plan</div>
  <map name="plan">
    <area shape="rect" coords="10,10,90,90" href="#kitchen" alt="Kitchen">
    <area shape="circle" coords="150,50,30" href="#hall" title="Hall">
    <area shape="poly" coords="200,10,290,10,290,190,260,190,260,40,200,40" href="#corridor" alt="Corridor">
    <area shape="rect" coords="400,400,500,500" href="#outside" alt="Outside the image">
  </map>
  <img usemap="#plan" src="${IMAGE}" width="300" height="200" alt="Floor plan" style="border:5px solid #333;padding:7px">
  <output id="picked"></output>
  <script>addEventListener('hashchange', () => { document.getElementById('picked').textContent = location.hash; });</script>`;

let pages: PageServer;
let mcp: Client;

beforeAll(async () => {
  pages = await servePages({ '/plan': MAP });
  mcp = await stdioClient(['--codegen', 'typescript']);
}, 60_000);

afterAll(async () => {
  await mcp?.close();
  await pages?.close();
});

async function picked(): Promise<string> {
  const result = await call(mcp, 'browser_evaluate', { function: "() => document.getElementById('picked').textContent" });
  expect(result.isError, result.text).toBe(false);
  return /"([^"]*)"/.exec(result.text)?.[1] ?? result.text;
}

describe('image map areas by ref', () => {
  it('names areas by alt, then title, gives drawn ones refs, and clicks each inside its shape', async () => {
    const nav = await call(mcp, 'browser_navigate', { url: `${pages.origin}/plan` });
    expect(nav.isError, nav.text).toBe(false);
    // accname 2E (html-aam area): alt, then 2I the title.
    const kitchen = refOf(nav.text, 'link', 'Kitchen');
    const hall = refOf(nav.text, 'link', 'Hall');
    const corridor = refOf(nav.text, 'link', 'Corridor');
    // An area whose shape lies outside the image is drawn nowhere: no ref to click.
    expect(nav.text).toMatch(/- link "Outside the image"(?! \[ref)/);

    for (const [ref, hash] of [[kitchen, '#kitchen'], [hall, '#hall'], [corridor, '#corridor']] as const) {
      const clicked = await call(mcp, 'browser_click', { element: hash, target: ref });
      expect(clicked.isError, clicked.text).toBe(false);
      expect(await picked()).toBe(hash);
    }
  });

  it('records the click as one at a point of the image, the code that replays it', async () => {
    const nav = await call(mcp, 'browser_navigate', { url: `${pages.origin}/plan` });
    const clicked = await call(mcp, 'browser_click', { element: 'Kitchen', target: refOf(nav.text, 'link', 'Kitchen') });
    expect(clicked.isError, clicked.text).toBe(false);
    const code = sectionOf(clicked.text, 'Ran Playwright code');
    // The rect's center (50, 50) inside a 7px padding: relative to the padding box, as Playwright's position is.
    expect(code).toContain("getByRole('img', { name: 'Floor plan' })");
    expect(code).toMatch(/position: \{ x: 57, y: 57 \}/);
  });
});
