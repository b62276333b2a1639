// The 'testing' group on real Chromium: browser_verify_* judged on our snapshot (a pass records
// the Playwright `expect` that holds, a failure names what the page shows instead), and
// browser_generate_locator's code, run with Playwright, hitting the same element.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { inProcessSession, refOf, sectionOf, servePages, type InProcessSession, type PageServer } from './helpers.js';

const pages: Record<string, string> = {
  '/shop': `<!doctype html><title>Shop</title>
    <h1>Shop</h1>
    <button onclick="this.textContent='Ordered'">Submit order</button>
    <a href="#x">Order history</a>
    <button style="display:none">Secret admin</button>
    <p>Welcome back, <b>Ada</b>!</p>
    <div hidden>Hidden message</div>
    <ul aria-label="Fruits"><li>Apple</li><li>Banana</li><li>Cherry</li></ul>
    <label>Name <input value="Ada"></label>
    <label><input type="checkbox" checked> Subscribe</label>
    <label>PIN <input type="password" value="4242"></label>
    <label>Plan <select><option>Free</option><option selected>Pro</option></select></label>
    <iframe title="Widget" srcdoc="<button>Inner action</button>"></iframe>`,
  // Playwright MCP's own verify pages: loose text, an empty named alert, one untitled iframe.
  '/plain': `<!doctype html><title>Plain</title>
    <p>Hello world</p>
    <div>Welcome to our site</div>
    <div role="alert" aria-label="Success message"></div>
    <iframe srcdoc="<h1>Inner iframe</h1>"></iframe>`,
};

let site: PageServer;
let s: InProcessSession;
let snapshot = '';

const page = (): Page => s.session.currentTabOrUndefined()!.page;

/** Builds a Playwright locator from generated TypeScript (`page.getByRole(...)`) by running it with `page` bound. */
function locatorFrom(code: string) {
  expect(code).toMatch(/^page(\.[A-Za-z]+\((?:'(?:[^'\\]|\\.)*'|\{[^}]*\}|\d+|, )*\))+$/);
  return new Function('page', `return ${code};`)(page());
}

/** Runs a recorded `await expect(...)...;` statement with Playwright's own expect. */
async function runAssertion(code: string): Promise<void> {
  const { expect: pwExpect } = await import('@playwright/test');
  await new Function('page', 'expect', `return (async () => { ${code} })();`)(page(), pwExpect);
}

beforeAll(async () => {
  site = await servePages(pages);
  s = inProcessSession({ caps: ['testing'] });
  await s.call('browser_navigate', { url: `${site.origin}/shop` });
  snapshot = (await s.call('browser_snapshot')).text;
  // The iframe's document arrives on its own; wait for it like an agent would.
  await page().frames()[1]!.waitForLoadState();
  snapshot = (await s.call('browser_snapshot')).text;
});

afterAll(async () => {
  await s?.close();
  await site?.close();
});

describe('browser_verify_element_visible', () => {
  it('passes on a visible element and records an expect that Playwright agrees with', async () => {
    const r = await s.call('browser_verify_element_visible', { role: 'button', accessibleName: 'Submit order' });
    expect(r.isError).toBe(false);
    expect(sectionOf(r.text, 'Result')).toBe('Done');
    const code = sectionOf(r.text, 'Ran Playwright code').replace(/^```\w*\n|\n```$/g, '');
    expect(code).toBe(`await expect(page.getByRole('button', { name: 'Submit order' })).toBeVisible();`);
    await runAssertion(code);
  });

  it('fails on a wrong name, naming the nearest element with its ref', async () => {
    const r = await s.call('browser_verify_element_visible', { role: 'button', accessibleName: 'Sumbit ordr' });
    expect(r.isError).toBe(true);
    // The error is Playwright MCP's exact sentence; the near misses come as hints.
    expect(sectionOf(r.text, 'Error')).toBe('Element with role "button" and accessible name "Sumbit ordr" not found');
    expect(sectionOf(r.text, 'Hints')).toContain(`Same role, other names: button "Submit order" [ref=${refOf(snapshot, 'button', 'Submit order')}]`);
    expect(sectionOf(r.text, 'Result')).toBe('');
  });

  it('fails on a wrong role, naming the element with that name', async () => {
    const r = await s.call('browser_verify_element_visible', { role: 'button', accessibleName: 'Order history' });
    expect(r.isError).toBe(true);
    expect(sectionOf(r.text, 'Hints')).toMatch(/Similar names, other roles: link "Order history" \[ref=e\d+\]/);
  });

  it('finds elements inside iframes, and records the way into the frame', async () => {
    const r = await s.call('browser_verify_element_visible', { role: 'button', accessibleName: 'Inner action' });
    expect(r.isError).toBe(false);
    const code = sectionOf(r.text, 'Ran Playwright code').replace(/^```\w*\n|\n```$/g, '');
    expect(code).toContain(`.contentFrame().getByRole('button', { name: 'Inner action' })).toBeVisible();`);
    await runAssertion(code);
  });

  it('fails on a hidden element and says it is hidden', async () => {
    const r = await s.call('browser_verify_element_visible', { role: 'button', accessibleName: 'Secret admin' });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('exists in the page but is hidden');
    expect(await page().getByRole('button', { name: 'Secret admin', includeHidden: true }).isHidden()).toBe(true);
  });
});

describe('browser_verify_text_visible', () => {
  it('passes on text split over inline elements, and the recorded expect holds', async () => {
    const r = await s.call('browser_verify_text_visible', { text: 'Welcome back, Ada' });
    expect(r.isError).toBe(false);
    const code = sectionOf(r.text, 'Ran Playwright code').replace(/^```\w*\n|\n```$/g, '');
    expect(code).toBe(`await expect(page.getByText('Welcome back, Ada')).toBeVisible();`);
    await runAssertion(code);
  });

  it('fails on hidden text, and on a typo with the closest text on the page', async () => {
    const hidden = await s.call('browser_verify_text_visible', { text: 'Hidden message' });
    expect(hidden.isError).toBe(true);
    expect(sectionOf(hidden.text, 'Error')).toBe('Text not found');
    expect(sectionOf(hidden.text, 'Hints')).toContain('It is in the page but hidden');
    const typo = await s.call('browser_verify_text_visible', { text: 'Welcome bak' });
    expect(typo.isError).toBe(true);
    expect(sectionOf(typo.text, 'Hints')).toMatch(/Closest text on the page: "Welcome back,/);
  });
});

describe('browser_verify_list_visible', () => {
  it('passes with items in order and records a matching aria snapshot', async () => {
    const list = refOf(snapshot, 'list', 'Fruits');
    const r = await s.call('browser_verify_list_visible', { element: 'Fruits', target: list, items: ['Apple', 'Cherry'] });
    expect(r.isError).toBe(false);
    const code = sectionOf(r.text, 'Ran Playwright code').replace(/^```\w*\n|\n```$/g, '');
    expect(code).toContain('toMatchAriaSnapshot(`\n  - list:\n    - listitem: "Apple"\n    - listitem: "Cherry"\n  `);');
    // Against the body, as Playwright MCP records it. toMatchAriaSnapshot needs Playwright's test
    // runner: check the body's aria snapshot shows the list instead.
    const locator = /^await expect\((.*)\)\.toMatchAriaSnapshot/.exec(code)![1]!;
    expect(locator).toBe(`page.locator('body')`);
    expect(await locatorFrom(locator).ariaSnapshot()).toMatch(/- list "Fruits":\n\s+- listitem: Apple\n\s+- listitem: Banana\n\s+- listitem: Cherry/);
  });

  it('fails on the wrong order and on a missing item, listing what the list shows', async () => {
    const list = refOf(snapshot, 'list', 'Fruits');
    const order = await s.call('browser_verify_list_visible', { element: 'Fruits', target: list, items: ['Cherry', 'Apple'] });
    expect(order.isError).toBe(true);
    expect(sectionOf(order.text, 'Error')).toMatch(/^Item "Apple" is in list "Fruits" \[ref=e\d+\], but not after "Cherry"/);
    const missing = await s.call('browser_verify_list_visible', { element: 'Fruits', target: list, items: ['Mango'] });
    expect(missing.isError).toBe(true);
    expect(sectionOf(missing.text, 'Error')).toBe('Item "Mango" not found');
    expect(sectionOf(missing.text, 'Hints')).toMatch(/No item of list "Fruits" \[ref=e\d+\] shows it\.\nIts items: "Apple", "Banana", "Cherry"\./);
  });
});

describe('browser_verify_value', () => {
  it('passes on the right value and fails on a wrong one with the actual value', async () => {
    const name = refOf(snapshot, 'textbox', 'Name');
    const ok = await s.call('browser_verify_value', { type: 'textbox', element: 'Name', target: name, value: 'Ada' });
    expect(ok.isError).toBe(false);
    const code = sectionOf(ok.text, 'Ran Playwright code').replace(/^```\w*\n|\n```$/g, '');
    expect(code).toBe(`await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada');`);
    await runAssertion(code);
    const wrong = await s.call('browser_verify_value', { type: 'textbox', element: 'Name', target: name, value: 'Bob' });
    expect(wrong.isError).toBe(true);
    expect(sectionOf(wrong.text, 'Error')).toBe('Expected value "Bob", but got "Ada"');
    expect(sectionOf(wrong.text, 'Hints')).toBe(`The element: textbox "Name" [ref=${name}]: Ada.`);
  });

  it('checks a password without ever showing its value', async () => {
    const pin = refOf(snapshot, 'textbox', 'PIN');
    expect((await s.call('browser_verify_value', { type: 'textbox', element: 'PIN', target: pin, value: '4242' })).isError).toBe(false);
    const wrong = await s.call('browser_verify_value', { type: 'textbox', element: 'PIN', target: pin, value: '1111' });
    expect(wrong.isError).toBe(true);
    expect(wrong.text).toContain('Expected value "1111", but got "••••"');
    expect(wrong.text).not.toContain('4242');
  });

  it('checks checkboxes and selects', async () => {
    const box = refOf(snapshot, 'checkbox', 'Subscribe');
    expect((await s.call('browser_verify_value', { type: 'checkbox', element: 'Subscribe', target: box, value: 'true' })).isError).toBe(false);
    const unchecked = await s.call('browser_verify_value', { type: 'checkbox', element: 'Subscribe', target: box, value: 'false' });
    expect(unchecked.isError).toBe(true);
    expect(unchecked.text).toContain('Expected value "false", but got "true"');
    const plan = refOf(snapshot, 'combobox', 'Plan');
    expect((await s.call('browser_verify_value', { type: 'combobox', element: 'Plan', target: plan, value: 'Pro' })).isError).toBe(false);
    const notBox = await s.call('browser_verify_value', { type: 'checkbox', element: 'Name', target: refOf(snapshot, 'textbox', 'Name'), value: 'true' });
    expect(notBox.isError).toBe(true);
    expect(notBox.text).toContain('cannot be checked');
  });
});

describe('browser_generate_locator', () => {
  it('returns code that Playwright resolves to the same element, in frames too', async () => {
    const button = refOf(snapshot, 'button', 'Submit order');
    const r = await s.call('browser_generate_locator', { element: 'Submit', target: button });
    expect(r.isError).toBe(false);
    const code = sectionOf(r.text, 'Result');
    expect(code).toBe(`page.getByRole('button', { name: 'Submit order' })`);
    const locator = locatorFrom(code);
    expect(await locator.count()).toBe(1);
    await locator.click();
    expect(await page().getByRole('button', { name: 'Ordered' }).count()).toBe(1);

    const inner = refOf(snapshot, 'button', 'Inner action');
    const innerCode = sectionOf((await s.call('browser_generate_locator', { target: inner })).text, 'Result');
    expect(innerCode).toContain('.contentFrame().');
    expect(await locatorFrom(innerCode).textContent()).toBe('Inner action');
  });

  it('takes a selector target, and a stale ref fails with what to do next', async () => {
    const r = await s.call('browser_generate_locator', { target: 'ul li:nth-child(2)' });
    expect(r.isError).toBe(false);
    expect(await locatorFrom(sectionOf(r.text, 'Result')).textContent()).toBe('Banana');
    const bad = await s.call('browser_generate_locator', { target: 'e9999' });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/snapshot/i);
  });
});

describe('--codegen', () => {
  it('speaks the session language, and none records nothing (the locator is still given)', async () => {
    for (const [codegen, assertion, locator] of [
      ['python', 'expect(page.get_by_role("button", name="Submit order")).to_be_visible()', 'page.get_by_role("button", name="Submit order")'],
      ['none', '', `page.getByRole('button', { name: 'Submit order' })`],
    ] as const) {
      const other = inProcessSession({ caps: ['testing'], codegen });
      try {
        await other.call('browser_navigate', { url: `${site.origin}/shop` });
        const shot = (await other.call('browser_snapshot')).text;
        const r = await other.call('browser_verify_element_visible', { role: 'button', accessibleName: 'Submit order' });
        expect(sectionOf(r.text, 'Ran Playwright code').replace(/^```\w*\n|\n```$/g, '')).toBe(assertion);
        const g = await other.call('browser_generate_locator', { target: refOf(shot, 'button', 'Submit order') });
        expect(sectionOf(g.text, 'Result')).toBe(locator);
      } finally {
        await other.close();
      }
    }
  });
});

// Last: it navigates the shared tab away from /shop.
describe('Playwright MCP parity on a plain page', () => {
  const codeOf = (text: string) => sectionOf(text, 'Ran Playwright code').replace(/^```\w*\n|\n```$/g, '');

  beforeAll(async () => {
    await s.call('browser_navigate', { url: `${site.origin}/plain` });
    await page().frames()[1]!.waitForLoadState();
  });

  it('finds text straight in the page body, never calling visible text hidden', async () => {
    const r = await s.call('browser_verify_text_visible', { text: 'Welcome to our site' });
    expect(r.isError, r.text).toBe(false);
    expect(codeOf(r.text)).toBe(`await expect(page.getByText('Welcome to our site')).toBeVisible();`);
    await runAssertion(codeOf(r.text));
    const missing = await s.call('browser_verify_text_visible', { text: 'Goodbye world' });
    expect(sectionOf(missing.text, 'Error')).toBe('Text not found');
    expect(sectionOf(missing.text, 'Hints')).not.toContain('hidden');
  });

  it('records an element without a ref (an empty alert) by role and name', async () => {
    const r = await s.call('browser_verify_element_visible', { role: 'alert', accessibleName: 'Success message' });
    expect(r.isError, r.text).toBe(false);
    expect(codeOf(r.text)).toBe(`await expect(page.getByRole('alert', { name: 'Success message' })).toBeVisible();`);
  });

  it('enters the only iframe by its tag, and records text that names a heading by the heading', async () => {
    const element = await s.call('browser_verify_element_visible', { role: 'heading', accessibleName: 'Inner iframe' });
    expect(codeOf(element.text)).toBe(`await expect(page.locator('iframe').contentFrame().getByRole('heading', { name: 'Inner iframe' })).toBeVisible();`);
    await runAssertion(codeOf(element.text));
    const text = await s.call('browser_verify_text_visible', { text: 'Inner iframe' });
    expect(codeOf(text.text)).toBe(codeOf(element.text));
  });
});
