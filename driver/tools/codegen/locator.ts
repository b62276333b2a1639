// Playwright code for a locator and an action on it, in the languages Playwright generates:
// TypeScript, Python, Java and C#. Input is the library's LocatorPath (AriaPage.locatorPath),
// plain data, so every language words the same locator.
import type { LocatorPath, LocatorStep } from '../../index.js';
import type { CodegenLanguage as CodegenSetting } from '../config.js';

/** The languages code is generated in (`--codegen none` generates none). */
export type CodegenLanguage = Exclude<CodegenSetting, 'none'>;

/** A JavaScript string literal (single quotes, as Playwright's codegen writes them). */
export function jsString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
}

/**
 * A TypeScript options argument as Playwright's codegen writes one: keys sorted, one per line
 * (`{\n  button: 'right'\n}`); values are already code. '' when there are none.
 */
export function tsOptions(entries: Array<[string, string]>): string {
  if (!entries.length) return '';
  const sorted = [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{\n${sorted.map(([key, value]) => `  ${key}: ${value}`).join(',\n')}\n}`;
}

/** A double-quoted literal for Python, Java and C#. */
export function quoted(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\r/g, '\\r')}"`;
}

/** `button` → `BUTTON` (Java's AriaRole), `Button` (C#'s AriaRole). */
const javaRole = (role: string) => role.toUpperCase();
const csharpRole = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);

/** Java's options class depends on what the call is made on: Page, Locator or FrameLocator. */
type JavaOwner = 'Page' | 'Locator' | 'FrameLocator';

function step(language: CodegenLanguage, s: LocatorStep, javaOwner: JavaOwner): string {
  switch (language) {
    case 'typescript':
      if (s.kind === 'role') return `getByRole(${jsString(s.role)}${s.name !== undefined ? `, { name: ${jsString(s.name)}${s.exact ? ', exact: true' : ''} }` : ''})`;
      if (s.kind === 'testId') return `getByTestId(${jsString(s.value)})`;
      if (s.kind === 'title') return `getByTitle(${jsString(s.title)}${s.exact ? ', { exact: true }' : ''})`;
      if (s.kind === 'nth') return `nth(${s.index})`;
      return `locator(${jsString(s.selector)})`;
    case 'python':
      if (s.kind === 'role') return `get_by_role(${quoted(s.role)}${s.name !== undefined ? `, name=${quoted(s.name)}${s.exact ? ', exact=True' : ''}` : ''})`;
      if (s.kind === 'testId') return `get_by_test_id(${quoted(s.value)})`;
      if (s.kind === 'title') return `get_by_title(${quoted(s.title)}${s.exact ? ', exact=True' : ''})`;
      if (s.kind === 'nth') return `nth(${s.index})`;
      return `locator(${quoted(s.selector)})`;
    case 'java':
      if (s.kind === 'role') return `getByRole(AriaRole.${javaRole(s.role)}${s.name !== undefined ? `, new ${javaOwner}.GetByRoleOptions().setName(${quoted(s.name)})${s.exact ? '.setExact(true)' : ''}` : ''})`;
      if (s.kind === 'testId') return `getByTestId(${quoted(s.value)})`;
      if (s.kind === 'title') return `getByTitle(${quoted(s.title)}${s.exact ? `, new ${javaOwner}.GetByTitleOptions().setExact(true)` : ''})`;
      if (s.kind === 'nth') return `nth(${s.index})`;
      return `locator(${quoted(s.selector)})`;
    case 'csharp':
      if (s.kind === 'role') return `GetByRole(AriaRole.${csharpRole(s.role)}${s.name !== undefined ? `, new() { Name = ${quoted(s.name)}${s.exact ? ', Exact = true' : ''} }` : ''})`;
      if (s.kind === 'testId') return `GetByTestId(${quoted(s.value)})`;
      if (s.kind === 'title') return `GetByTitle(${quoted(s.title)}${s.exact ? ', new() { Exact = true }' : ''})`;
      if (s.kind === 'nth') return `Nth(${s.index})`;
      return `Locator(${quoted(s.selector)})`;
  }
}

/** The page object as each language's generated code names it. */
const PAGE: Record<CodegenLanguage, string> = { typescript: 'page', python: 'page', java: 'page', csharp: 'page' };
const CONTENT_FRAME: Record<CodegenLanguage, string> = { typescript: 'contentFrame()', python: 'content_frame', java: 'contentFrame()', csharp: 'ContentFrame' };

/** `page.locator('#save')`: a selector target, as written. */
export function selectorCode(selector: string, language: CodegenLanguage): string {
  const literal = language === 'typescript' ? jsString(selector) : quoted(selector);
  return language === 'csharp' ? `Page.Locator(${literal})` : `page.locator(${literal})`;
}

/** `page.getByRole('button', { name: 'Save' })`, entering iframes on the way. */
export function locatorCode(path: LocatorPath, language: CodegenLanguage): string {
  let code = PAGE[language];
  let owner: JavaOwner = 'Page';
  for (const frame of path.frames) {
    for (const s of frame) { code += `.${step(language, s, owner)}`; owner = 'Locator'; }
    code += `.${CONTENT_FRAME[language]}`;
    owner = 'FrameLocator';
  }
  for (const s of path.element) { code += `.${step(language, s, owner)}`; owner = 'Locator'; }
  return code;
}

/** A call on a locator, as the actions make them. */
export type LocatorCall =
  | { method: 'click'; button?: 'left' | 'right' | 'middle'; clickCount?: number; modifiers?: string[]; /** A point of the element (an image map's area on its image). */ position?: { x: number; y: number } }
  | { method: 'hover' | 'check' | 'uncheck' }
  | { method: 'fill' | 'pressSequentially' | 'press' | 'evaluate'; text: string; /** The text is this secret's value: the code reads it from the environment. */ secret?: string }
  | { method: 'selectOption' | 'setInputFiles'; values: string[] }
  | { method: 'dragTo'; target: string };

function args(language: CodegenLanguage, values: string[]): string {
  const literal = language === 'typescript' ? jsString : quoted;
  if (values.length === 1) return literal(values[0]!);
  if (language === 'typescript' || language === 'python') return `[${values.map(literal).join(', ')}]`;
  if (language === 'java') return `new String[] {${values.map(literal).join(', ')}}`;
  return `new[] { ${values.map(literal).join(', ')} }`;
}

/** A secret as generated code reads it: from the environment, never as a literal. */
function secretCode(name: string, language: CodegenLanguage): string {
  switch (language) {
    case 'typescript': return `process.env[${jsString(name)}]`;
    case 'python': return `os.environ[${quoted(name)}]`;
    case 'java': return `System.getenv(${quoted(name)})`;
    case 'csharp': return `Environment.GetEnvironmentVariable(${quoted(name)})`;
  }
}

const SNAKE: Record<string, string> = { pressSequentially: 'press_sequentially', selectOption: 'select_option', setInputFiles: 'set_input_files', dragTo: 'drag_to' };
const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** `await page.getByRole('button', { name: 'Save' }).click();` in `language`. */
export function actionCode(locator: string, call: LocatorCall, language: CodegenLanguage): string {
  const method = call.method === 'click' && call.clickCount === 2 ? 'dblclick' : call.method;
  let argument = '';
  if ('text' in call) argument = call.secret ? secretCode(call.secret, language) : language === 'typescript' ? jsString(call.text) : quoted(call.text);
  else if ('values' in call) argument = args(language, call.values);
  else if ('target' in call) argument = call.target;
  else if (call.method === 'click' && (call.button && call.button !== 'left' || call.modifiers?.length || call.position)) {
    const button = call.button && call.button !== 'left' ? call.button : undefined;
    // The platform's primary modifier is written as ControlOrMeta, as Playwright's codegen writes it, so the code runs on macOS too.
    const primary = process.platform === 'darwin' ? 'Meta' : 'Control';
    const modifiers = call.modifiers?.length ? call.modifiers.map(m => (m === primary ? 'ControlOrMeta' : m)) : undefined;
    if (language === 'typescript') {
      const entries: Array<[string, string]> = [];
      if (button) entries.push(['button', jsString(button)]);
      if (modifiers) entries.push(['modifiers', `[${modifiers.map(jsString).join(', ')}]`]);
      if (call.position) entries.push(['position', `{ x: ${call.position.x}, y: ${call.position.y} }`]);
      argument = tsOptions(entries);
    }
    else if (language === 'python') {
      argument = [button && `button=${quoted(button)}`, modifiers && `modifiers=[${modifiers.map(quoted).join(', ')}]`,
        call.position && `position={"x": ${call.position.x}, "y": ${call.position.y}}`].filter(Boolean).join(', ');
    }
    // Java and C# take an options object whose enum names need imports: the plain call reads best,
    // but a point of the element is what makes the click land (an image map's area).
    else if (call.position && language === 'java') argument = `new Locator.ClickOptions().setPosition(${call.position.x}, ${call.position.y})`;
    else if (call.position) argument = `new() { Position = new() { X = ${call.position.x}, Y = ${call.position.y} } }`;
  }
  switch (language) {
    case 'typescript': return `await ${locator}.${method}(${argument});`;
    case 'python': return `${locator}.${SNAKE[method] ?? method}(${argument})`;
    case 'java': return `${locator}.${method}(${argument});`;
    case 'csharp': return `await ${locator}.${method === 'dblclick' ? 'DblClick' : pascal(method)}Async(${argument});`;
  }
}
