// Playwright code for what a tool does to the page itself rather than to an element: navigate,
// history, keys, the mouse at coordinates, the viewport, waits, screenshots. Same languages as
// codegen/locator.ts.
import { jsString, quoted, type CodegenLanguage } from './locator.js';

export type PageCall =
  | { method: 'goto'; url: string }
  | { method: 'evaluate'; expression: string }
  | { method: 'goBack' | 'goForward' | 'reload' }
  | { method: 'press'; key: string }
  | { method: 'mouseMove' | 'mouseClick'; x: number; y: number }
  | { method: 'mouseWheel'; deltaX: number; deltaY: number }
  | { method: 'setViewportSize'; width: number; height: number }
  | { method: 'waitForTimeout'; ms: number }
  | { method: 'waitForText'; text: string; state: 'visible' | 'hidden' }
  | { method: 'screenshot'; path: string; fullPage: boolean };

const SNAKE: Record<string, string> = { goBack: 'go_back', goForward: 'go_forward', setViewportSize: 'set_viewport_size', waitForTimeout: 'wait_for_timeout' };
const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** The statement, e.g. `await page.goto('https://example.com/');` */
export function pageCode(call: PageCall, language: CodegenLanguage): string {
  if (call.method === 'waitForText' || call.method === 'screenshot') return withOptionsCode(call, language);
  const text = (value: string) => language === 'typescript' ? jsString(value) : quoted(value);
  // Playwright MCP's page variable is `page` in every language (C# included).
  const page = 'page';
  let target: string;
  let args = '';
  switch (call.method) {
    case 'goto': target = 'goto'; args = text(call.url); break;
    case 'evaluate': target = 'evaluate'; args = text(call.expression); break;
    case 'goBack': case 'goForward': case 'reload': target = call.method; break;
    case 'press': target = 'keyboard.press'; args = text(call.key); break;
    case 'mouseMove': target = 'mouse.move'; args = `${call.x}, ${call.y}`; break;
    case 'mouseClick': target = 'mouse.click'; args = `${call.x}, ${call.y}`; break;
    case 'mouseWheel': target = 'mouse.wheel'; args = `${call.deltaX}, ${call.deltaY}`; break;
    case 'waitForTimeout': target = 'waitForTimeout'; args = String(call.ms); break;
    case 'setViewportSize':
      target = 'setViewportSize';
      args = language === 'typescript' ? `{ width: ${call.width}, height: ${call.height} }`
        : language === 'python' ? `{"width": ${call.width}, "height": ${call.height}}`
        : `${call.width}, ${call.height}`;
      break;
  }
  switch (language) {
    case 'typescript': return `await ${page}.${target}(${args});`;
    case 'python': return `${page}.${target.split('.').map(part => SNAKE[part] ?? part).join('.')}(${args})`;
    case 'java': return `${page}.${target === 'goto' ? 'navigate' : target}(${args});`;
    case 'csharp': {
      const parts = target.split('.').map(pascal);
      const last = parts.pop()!;
      return `await ${[page, ...parts, last === 'Goto' ? 'GotoAsync' : `${last}Async`].join('.')}(${args});`;
    }
  }
}

/** Calls whose options each language spells its own way (an options object, keywords, a builder), as Playwright MCP shows them. */
function withOptionsCode(call: Extract<PageCall, { method: 'waitForText' | 'screenshot' }>, language: CodegenLanguage): string {
  if (call.method === 'waitForText') {
    const pascalState = pascal(call.state);
    switch (language) {
      case 'typescript': return `await page.getByText(${jsString(call.text)}).first().waitFor({ state: '${call.state}' });`;
      case 'python': return `page.get_by_text(${quoted(call.text)}).first.wait_for(state="${call.state}")`;
      case 'java': return `page.getByText(${quoted(call.text)}).first().waitFor(new Locator.WaitForOptions().setState(WaitForSelectorState.${call.state.toUpperCase()}));`;
      case 'csharp': return `await page.GetByText(${quoted(call.text)}).First.WaitForAsync(new() { State = WaitForSelectorState.${pascalState} });`;
    }
  }
  switch (language) {
    case 'typescript': return `await page.screenshot({ path: ${jsString(call.path)}${call.fullPage ? ', fullPage: true' : ''} });`;
    case 'python': return `page.screenshot(path=${quoted(call.path)}${call.fullPage ? ', full_page=True' : ''})`;
    case 'java': return `page.screenshot(new Page.ScreenshotOptions().setPath(Paths.get(${quoted(call.path)}))${call.fullPage ? '.setFullPage(true)' : ''});`;
    case 'csharp': return `await page.ScreenshotAsync(new() { Path = ${quoted(call.path)}${call.fullPage ? ', FullPage = true' : ''} });`;
  }
}
