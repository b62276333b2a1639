// Generated locators point at the very element of the ref: AriaPage.locatorPath gives the steps,
// tools/codegen words them as Playwright TypeScript, and that code, run with Playwright's own
// Page, resolves to the same element — for plain, exact, test id, scoped, indexed and in-frame
// targets. The other languages are checked for their shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright';
import type { AriaBrowser, AriaPage } from '../../driver/index.js';
import { actionCode, locatorCode } from '../../driver/tools/codegen/locator.js';
import { pageCode } from '../../driver/tools/codegen/page.js';
import { launchTestBrowser, refOf, startServer, type TestServer } from './driver-harness.js';

let server: TestServer;
let browser: AriaBrowser;
let page: AriaPage;

const HTML = `<h1>Shop</h1>
  <button>Save</button><button>Save all</button>
  <button data-testid="edit-a">Edit</button><button data-testid="edit-b">Edit</button>
  <section aria-label="Billing"><a href="#b">Change</a></section>
  <section aria-label="Shipping"><a href="#s">Change</a></section>
  <ul><li><button>Buy</button></li><li><button>Buy</button></li></ul>
  <label>Quote "it" \\ back <input></label>
  <iframe title="Payment" src="/frame.html" width=300 height=100></iframe>`;

beforeAll(async () => {
  server = await startServer();
  server.route('/page.html', HTML);
  server.route('/frame.html', '<button>Pay now</button><button>Pay later</button>');
  browser = await launchTestBrowser();
  page = await browser.newPage();
  await page.page.goto(`${server.origin}/page.html`);
  await page.page.waitForLoadState('load');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The TypeScript code run as Playwright would run it: `page` is the Playwright Page. */
function run(code: string, playwrightPage: Page): Locator {
  return new Function('page', `return ${code};`)(playwrightPage) as Locator;
}

async function sameElement(a: Locator, b: Locator): Promise<boolean> {
  const handle = await b.elementHandle({ timeout: 2000 });
  return a.evaluate((x, y) => x === y, handle);
}

describe('generated locators', () => {
  const cases: Array<[string, RegExp]> = [
    ['button "Save" [', /^page\.getByRole\('button', \{ name: 'Save', exact: true \}\)$/],
    ['button "Save all"', /^page\.getByRole\('button', \{ name: 'Save all' \}\)$/],
    ['button "Edit" [', /^page\.getByTestId\('edit-a'\)$/],
    ['heading "Shop"', /^page\.getByRole\('heading', \{ name: 'Shop' \}\)$/],
    ['textbox "Quote', /^page\.getByRole\('textbox', \{ name: 'Quote "it" \\\\ back' \}\)$/],
  ];
  for (const [line, expected] of cases) {
    it(`points at the element of ${line.trim()}`, async () => {
      const ref = refOf(await page.snapshot(), line);
      const code = locatorCode(await page.locatorPath(ref), 'typescript');
      expect(code).toMatch(expected);
      expect(await sameElement(run(code, page.page), await page.locator(ref))).toBe(true);
    });
  }

  it('scopes by a unique ancestor, indexes equals, and enters frames', async () => {
    const snapshot = await page.snapshot();
    const shipping = snapshot.split('\n').findIndex(l => l.includes('region "Shipping"'));
    const change = refOf(snapshot.split('\n').slice(shipping).join('\n'), 'link "Change"');
    const buy = [...snapshot.matchAll(/button "Buy" \[ref=(e\d+)\]/g)][1]![1]!;
    const pay = refOf(snapshot, 'button "Pay now"');
    const codes = await Promise.all([change, buy, pay].map(async ref => locatorCode(await page.locatorPath(ref), 'typescript')));
    expect(codes[0]).toBe("page.getByRole('region', { name: 'Shipping' }).getByRole('link', { name: 'Change' })");
    expect(codes[1]).toBe("page.getByRole('button', { name: 'Buy' }).nth(1)");
    expect(codes[2]).toBe("page.getByTitle('Payment').contentFrame().getByRole('button', { name: 'Pay now' })");
    for (const [i, ref] of [change, buy, pay].entries())
      expect(await sameElement(run(codes[i]!, page.page), await page.locator(ref))).toBe(true);
  });

  it('words the same locator and action in Python, Java and C#', async () => {
    const path = await page.locatorPath(refOf(await page.snapshot(), 'button "Pay now"'));
    expect(locatorCode(path, 'python')).toBe('page.get_by_title("Payment").content_frame.get_by_role("button", name="Pay now")');
    expect(locatorCode(path, 'java')).toBe('page.getByTitle("Payment").contentFrame().getByRole(AriaRole.BUTTON, new FrameLocator.GetByRoleOptions().setName("Pay now"))');
    expect(locatorCode(path, 'csharp')).toBe('page.GetByTitle("Payment").ContentFrame.GetByRole(AriaRole.Button, new() { Name = "Pay now" })');
    const locator = "page.getByRole('textbox')";
    expect(actionCode(locator, { method: 'fill', text: "it's" }, 'typescript')).toBe("await page.getByRole('textbox').fill('it\\'s');");
    expect(actionCode('page.get_by_role("textbox")', { method: 'fill', text: 'x' }, 'python')).toBe('page.get_by_role("textbox").fill("x")');
    expect(actionCode('page.GetByRole(AriaRole.Button)', { method: 'click', clickCount: 2 }, 'csharp')).toBe('await page.GetByRole(AriaRole.Button).DblClickAsync();');
    // The primary modifier (Control here, Meta on macOS) is written as ControlOrMeta, as Playwright's codegen does.
    expect(actionCode('page.get_by_role("textbox")', { method: 'click', modifiers: [process.platform === 'darwin' ? 'Meta' : 'Control', 'Shift'] }, 'python'))
      .toBe('page.get_by_role("textbox").click(modifiers=["ControlOrMeta", "Shift"])');
    expect(actionCode(locator, { method: 'click', button: 'right', modifiers: ['Shift'] }, 'typescript')).toBe("await page.getByRole('textbox').click({\n  button: 'right',\n  modifiers: ['Shift']\n});");
    // A click at a point of an image (an image map's area): the point in every language.
    const at = { method: 'click', position: { x: 57, y: 40 } } as const;
    expect(actionCode("page.getByRole('img')", at, 'typescript')).toBe("await page.getByRole('img').click({\n  position: { x: 57, y: 40 }\n});");
    expect(actionCode('page.get_by_role("img")', at, 'python')).toBe('page.get_by_role("img").click(position={"x": 57, "y": 40})');
    expect(actionCode('page.getByRole(AriaRole.IMG)', at, 'java')).toBe('page.getByRole(AriaRole.IMG).click(new Locator.ClickOptions().setPosition(57, 40));');
    expect(actionCode('page.GetByRole(AriaRole.Img)', at, 'csharp')).toBe('await page.GetByRole(AriaRole.Img).ClickAsync(new() { Position = new() { X = 57, Y = 40 } });');
  });
});

describe('page calls in every language, as Playwright MCP writes them', () => {
  it('navigates with goto, navigate (Java) and GotoAsync (C#), on a variable named page', () => {
    const call = { method: 'goto', url: 'https://example.com/' } as const;
    expect(pageCode(call, 'typescript')).toBe("await page.goto('https://example.com/');");
    expect(pageCode(call, 'python')).toBe('page.goto("https://example.com/")');
    expect(pageCode(call, 'java')).toBe('page.navigate("https://example.com/");');
    expect(pageCode(call, 'csharp')).toBe('await page.GotoAsync("https://example.com/");');
  });
});

describe('waits and screenshots in every language', () => {
  it('writes the wait for text, the timed wait and the screenshot as Playwright MCP shows them', () => {
    const text = { method: 'waitForText', text: 'Done', state: 'visible' } as const;
    expect(pageCode(text, 'typescript')).toBe("await page.getByText('Done').first().waitFor({ state: 'visible' });");
    expect(pageCode(text, 'python')).toBe('page.get_by_text("Done").first.wait_for(state="visible")');
    expect(pageCode({ ...text, state: 'hidden' }, 'java')).toBe('page.getByText("Done").first().waitFor(new Locator.WaitForOptions().setState(WaitForSelectorState.HIDDEN));');
    expect(pageCode(text, 'csharp')).toBe('await page.GetByText("Done").First.WaitForAsync(new() { State = WaitForSelectorState.Visible });');
    expect(pageCode({ method: 'waitForTimeout', ms: 1500 }, 'python')).toBe('page.wait_for_timeout(1500)');
    expect(pageCode({ method: 'screenshot', path: 'a.png', fullPage: true }, 'typescript')).toBe("await page.screenshot({ path: 'a.png', fullPage: true });");
    expect(pageCode({ method: 'screenshot', path: 'a.png', fullPage: false }, 'csharp')).toBe('await page.ScreenshotAsync(new() { Path = "a.png" });');
  });
});
