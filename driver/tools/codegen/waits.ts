// Playwright code for what browser_wait_for and browser_take_screenshot do, in every codegen
// language, as Playwright MCP shows it: a wait for text (visible or hidden), a timed wait, a
// screenshot saved to a path.
import { jsString, quoted, type CodegenLanguage } from './locator.js';

export type WaitOrShotCall =
  | { method: 'waitForText'; text: string; state: 'visible' | 'hidden' }
  | { method: 'waitForTimeout'; ms: number }
  | { method: 'screenshot'; path: string; fullPage: boolean };

export function waitOrShotCode(call: WaitOrShotCall, language: CodegenLanguage): string {
  switch (call.method) {
    case 'waitForText': {
      const upper = call.state.toUpperCase();
      const pascal = call.state === 'visible' ? 'Visible' : 'Hidden';
      switch (language) {
        case 'typescript': return `await page.getByText(${jsString(call.text)}).first().waitFor({ state: '${call.state}' });`;
        case 'python': return `page.get_by_text(${quoted(call.text)}).first.wait_for(state="${call.state}")`;
        case 'java': return `page.getByText(${quoted(call.text)}).first().waitFor(new Locator.WaitForOptions().setState(WaitForSelectorState.${upper}));`;
        case 'csharp': return `await page.GetByText(${quoted(call.text)}).First.WaitForAsync(new() { State = WaitForSelectorState.${pascal} });`;
      }
      break;
    }
    case 'waitForTimeout':
      switch (language) {
        case 'typescript': return `await page.waitForTimeout(${call.ms});`;
        case 'python': return `page.wait_for_timeout(${call.ms})`;
        case 'java': return `page.waitForTimeout(${call.ms});`;
        case 'csharp': return `await page.WaitForTimeoutAsync(${call.ms});`;
      }
      break;
    case 'screenshot':
      switch (language) {
        case 'typescript': return `await page.screenshot({ path: ${jsString(call.path)}${call.fullPage ? ', fullPage: true' : ''} });`;
        case 'python': return `page.screenshot(path=${quoted(call.path)}${call.fullPage ? ', full_page=True' : ''})`;
        case 'java': return `page.screenshot(new Page.ScreenshotOptions().setPath(Paths.get(${quoted(call.path)}))${call.fullPage ? '.setFullPage(true)' : ''});`;
        case 'csharp': return `await page.ScreenshotAsync(new() { Path = ${quoted(call.path)}${call.fullPage ? ', FullPage = true' : ''} });`;
      }
  }
  throw new Error(`no code for ${call.method} in ${language}`);
}
