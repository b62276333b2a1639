// Playwright code for what a tool does to the page itself rather than to an element: navigate,
// history, keys, the mouse at coordinates, the viewport, waits, screenshots. Same languages as
// codegen/locator.ts.
import { jsString, quoted, type CodegenLanguage } from './locator.js';

export type PageCall =
  | { method: 'goto'; url: string }
  | { method: 'evaluate'; expression: string }
  | { method: 'goBack' | 'goForward' | 'reload' | 'close' }
  | { method: 'press'; key: string }
  | { method: 'mouseMove' | 'mouseClick'; x: number; y: number }
  | { method: 'mouseWheel'; deltaX: number; deltaY: number }
  | { method: 'setViewportSize'; width: number; height: number }
  | { method: 'waitForTimeout'; ms: number }
  | { method: 'waitForText'; text: string; state: 'visible' | 'hidden' }
  | { method: 'fileChooserSetFiles'; paths: string[] }
  | { method: 'screenshot'; path: string; fullPage: boolean; type?: 'jpeg' | 'webp'; quality?: number; scale?: 'device' };

const SNAKE: Record<string, string> = { goBack: 'go_back', goForward: 'go_forward', setViewportSize: 'set_viewport_size', waitForTimeout: 'wait_for_timeout' };
const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** The statement, e.g. `await page.goto('https://example.com/');` */
export function pageCode(call: PageCall, language: CodegenLanguage): string {
  if (call.method === 'waitForText' || call.method === 'screenshot') return withOptionsCode(call, language);
  if (call.method === 'fileChooserSetFiles') return fileChooserCode(call.paths, language);
  // The agent's JavaScript stays JavaScript: like Playwright MCP, scripted lines fall back to it in every language.
  if (call.method === 'evaluate') return `await page.evaluate(${jsString(call.expression)});`;
  // browser_press_key, as Playwright MCP writes it in every language: a comment, then the JavaScript call.
  if (call.method === 'press') return `// Press ${call.key}\nawait page.keyboard.press(${jsString(call.key)});`;
  const text = (value: string) => language === 'typescript' ? jsString(value) : quoted(value);
  // Playwright MCP's page variable is `page` in every language (C# included).
  const page = 'page';
  let target: string;
  let args = '';
  switch (call.method) {
    case 'goto': target = 'goto'; args = text(call.url); break;
    case 'goBack': case 'goForward': case 'reload': target = call.method; break;
    // Written as Playwright MCP writes it for browser_close (no semicolon): clients compare the line.
    case 'close': if (language === 'typescript') return 'await page.close()'; target = 'close'; break;
    case 'mouseMove': target = 'mouse.move'; args = `${call.x}, ${call.y}`; break;
    case 'mouseClick': target = 'mouse.click'; args = `${call.x}, ${call.y}`; break;
    case 'mouseWheel': target = 'mouse.wheel'; args = `${call.deltaX}, ${call.deltaY}`; break;
    // In JavaScript Playwright MCP writes a plain timer, in seconds as browser_wait_for takes them.
    case 'waitForTimeout': if (language === 'typescript') return `await new Promise(f => setTimeout(f, ${call.ms / 1000} * 1000));`; target = 'waitForTimeout'; args = String(call.ms); break;
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
  return screenshotCode(call, language);
}

/** page.screenshot with the options that differ from the defaults (png, full size CSS pixels). */
function screenshotCode(call: Extract<PageCall, { method: 'screenshot' }>, language: CodegenLanguage): string {
  const { fullPage, type, quality, scale } = call;
  switch (language) {
    case 'typescript': {
      const options = [`path: ${jsString(call.path)}`, fullPage && 'fullPage: true', type && `type: '${type}'`, quality && `quality: ${quality}`, scale && `scale: '${scale}'`];
      return `await page.screenshot({ ${options.filter(Boolean).join(', ')} });`;
    }
    case 'python': {
      const options = [`path=${quoted(call.path)}`, fullPage && 'full_page=True', type && `type="${type}"`, quality && `quality=${quality}`, scale && `scale="${scale}"`];
      return `page.screenshot(${options.filter(Boolean).join(', ')})`;
    }
    case 'java': {
      const options = [`setPath(Paths.get(${quoted(call.path)}))`, fullPage && 'setFullPage(true)', type && `setType(ScreenshotType.${type.toUpperCase()})`, quality && `setQuality(${quality})`, scale && `setScale(ScreenshotScale.${scale.toUpperCase()})`];
      return `page.screenshot(new Page.ScreenshotOptions().${options.filter(Boolean).join('.')});`;
    }
    case 'csharp': {
      const options = [`Path = ${quoted(call.path)}`, fullPage && 'FullPage = true', type && `Type = ScreenshotType.${pascal(type)}`, quality && `Quality = ${quality}`, scale && `Scale = ScreenshotScale.${pascal(scale)}`];
      return `await page.ScreenshotAsync(new() { ${options.filter(Boolean).join(', ')} });`;
    }
  }
}

/** The answer to an open file chooser, on the `fileChooser` Playwright MCP's code names it. */
function fileChooserCode(paths: string[], language: CodegenLanguage): string {
  switch (language) {
    case 'typescript': return `await fileChooser.setFiles([${paths.map(jsString).join(', ')}]);`;
    case 'python': return `file_chooser.set_files([${paths.map(quoted).join(', ')}])`;
    case 'java': return `fileChooser.setFiles(new Path[] { ${paths.map(path => `Paths.get(${quoted(path)})`).join(', ')} });`;
    case 'csharp': return `await fileChooser.SetFilesAsync(new[] { ${paths.map(quoted).join(', ')} });`;
  }
}
