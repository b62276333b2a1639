// Playwright code for what a tool does to the page itself rather than to an element: navigate,
// history, keys, the mouse at coordinates, the viewport. Same languages as codegen/locator.ts.
import { jsString, quoted, type CodegenLanguage } from './locator.js';

export type PageCall =
  | { method: 'goto'; url: string }
  | { method: 'evaluate'; expression: string }
  | { method: 'goBack' | 'goForward' | 'reload' }
  | { method: 'press'; key: string }
  | { method: 'mouseMove' | 'mouseClick'; x: number; y: number }
  | { method: 'mouseWheel'; deltaX: number; deltaY: number }
  | { method: 'setViewportSize'; width: number; height: number };

const SNAKE: Record<string, string> = { goBack: 'go_back', goForward: 'go_forward', setViewportSize: 'set_viewport_size' };
const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** The statement, e.g. `await page.goto('https://example.com/');` */
export function pageCode(call: PageCall, language: CodegenLanguage): string {
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
