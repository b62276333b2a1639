// Every action answers with the Playwright code that does the same (`### Ran Playwright code`),
// in the --codegen language, with a locator unique on the page at that moment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { call, sectionOf, servePages, stdioClient, type PageServer } from './helpers.js';

let pages: PageServer;
const clients: Client[] = [];

beforeAll(async () => {
  pages = await servePages({
    '/form': `<h1>Order</h1><label>Email <input></label><button onclick="this.textContent='Saved'">Save</button>
      <button>Save all</button><label><input type="checkbox"> Gift wrap</label>
      <select aria-label="Size"><option>S</option><option>M</option></select>`,
  });
});

afterAll(async () => {
  await Promise.all(clients.map(client => client.close()));
  await pages?.close();
});

async function client(args: string[] = []): Promise<Client> {
  const created = await stdioClient(args);
  clients.push(created);
  return created;
}

const refOf = (text: string, line: string) => new RegExp(`${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\n]*\\[ref=(e\\d+)\\]`).exec(text)![1]!;

describe('### Ran Playwright code', () => {
  it('shows TypeScript for navigation and element actions, with unique locators', async () => {
    const mcp = await client();
    const nav = await call(mcp, 'browser_navigate', { url: `${pages.origin}/form` });
    expect(sectionOf(nav.text, 'Ran Playwright code')).toBe(`\`\`\`js\nawait page.goto('${pages.origin}/form');\n\`\`\``);
    const save = await call(mcp, 'browser_click', { target: refOf(nav.text, 'button "Save" ') });
    expect(save.isError, save.text).toBe(false);
    expect(sectionOf(save.text, 'Ran Playwright code')).toContain("await page.getByRole('button', { name: 'Save', exact: true }).click();");
    const typed = await call(mcp, 'browser_type', { target: refOf(nav.text, 'textbox "Email"'), text: 'a@b.c', submit: true });
    expect(sectionOf(typed.text, 'Ran Playwright code')).toContain("await page.getByRole('textbox', { name: 'Email' }).fill('a@b.c');\nawait page.getByRole('textbox', { name: 'Email' }).press('Enter');");
    const form = await call(mcp, 'browser_fill_form', { fields: [
      { name: 'Gift wrap', type: 'checkbox', target: refOf(nav.text, 'checkbox "Gift wrap"'), value: 'true' },
      { name: 'Size', type: 'combobox', target: refOf(nav.text, 'combobox "Size"'), value: 'M' },
    ] });
    expect(form.isError, form.text).toBe(false);
    expect(sectionOf(form.text, 'Ran Playwright code')).toContain("await page.getByRole('checkbox', { name: 'Gift wrap' }).check();\nawait page.getByRole('combobox', { name: 'Size' }).selectOption('M');");
    const byCss = await call(mcp, 'browser_click', { target: 'text=Save all' });
    expect(sectionOf(byCss.text, 'Ran Playwright code')).toContain("await page.locator('text=Save all').click();");
    const key = await call(mcp, 'browser_press_key', { key: 'Tab' });
    expect(sectionOf(key.text, 'Ran Playwright code')).toContain("// Press Tab\nawait page.keyboard.press('Tab');");
    // A read-only tool has no code to show.
    expect((await call(mcp, 'browser_snapshot')).text).not.toContain('### Ran Playwright code');
  });

  it('speaks the --codegen language, and --codegen none shows none', async () => {
    const python = await client(['--codegen', 'python']);
    const nav = await call(python, 'browser_navigate', { url: `${pages.origin}/form` });
    const clicked = await call(python, 'browser_click', { target: refOf(nav.text, 'button "Save all"') });
    expect(sectionOf(clicked.text, 'Ran Playwright code')).toBe('```python\npage.get_by_role("button", name="Save all").click()\n```');
    const none = await client(['--codegen', 'none']);
    const quiet = await call(none, 'browser_navigate', { url: `${pages.origin}/form` });
    expect(quiet.text).not.toContain('### Ran Playwright code');
  });
});
