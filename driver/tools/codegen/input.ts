// Playwright code for the raw keyboard and mouse, media emulation, external drops and run-code
// scripts, in the --codegen language. Kept apart from codegen/page.ts because these calls take
// option objects, whose spelling differs most between the languages.
import type { Session } from '../session.js';
import type { Tab } from '../tab.js';
import type { ToolResponse } from '../response.js';
import { jsString, quoted, tsOptions, type CodegenLanguage } from './locator.js';
import { targetCode } from './record.js';

type Button = 'left' | 'right' | 'middle';
type Scalar = string | number | null;

export type InputCall =
  | { method: 'keyDown' | 'keyUp' | 'press' | 'type'; text: string }
  | { method: 'mouseMove'; x: number; y: number }
  | { method: 'mouseDown' | 'mouseUp'; button?: Button }
  | { method: 'mouseClick'; x: number; y: number; button?: Button; clickCount?: number; delay?: number }
  | { method: 'emulateMedia'; options: Record<string, string | null> }
  | { method: 'runCode'; code: string };

const MAX_STATEMENT_CHARS = 4000;

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
const snake = (name: string) => name.replace(/[A-Z]/g, c => `_${c.toLowerCase()}`);
const enumName = (value: string) => value.split('-').map(pascal).join('');

function literal(value: Scalar, language: CodegenLanguage): string {
  if (typeof value === 'number') return String(value);
  if (value === null) return language === 'python' ? '"null"' : 'null';
  return language === 'typescript' ? jsString(value) : quoted(value);
}

/** Java/C# enum classes of the option values this file writes. */
const ENUMS: Record<string, string> = { button: 'MouseButton', colorScheme: 'ColorScheme', reducedMotion: 'ReducedMotion', forcedColors: 'ForcedColors', contrast: 'Contrast', media: 'Media' };

/** An options argument: `{ button: 'right' }`, `button="right"`, `new Mouse.ClickOptions()...`, `new() { ... }`; '' when empty. */
function options(values: Record<string, Scalar | undefined>, language: CodegenLanguage, javaClass: string): string {
  const entries = Object.entries(values).filter((e): e is [string, Scalar] => e[1] !== undefined);
  if (!entries.length) return '';
  const enumValue = (key: string, value: Scalar, style: 'java' | 'csharp') => {
    const type = ENUMS[key];
    if (typeof value !== 'string' || !type) return value === null && style === 'csharp' && type ? `${type}.Null` : literal(value, language);
    return `${type}.${style === 'java' ? value.toUpperCase().replace(/-/g, '_') : enumName(value)}`;
  };
  switch (language) {
    case 'typescript': return tsOptions(entries.map(([k, v]) => [k, literal(v, language)]));
    case 'python': return entries.map(([k, v]) => `${snake(k)}=${literal(v, language)}`).join(', ');
    case 'java': return `new ${javaClass}()${entries.map(([k, v]) => `.set${pascal(k)}(${enumValue(k, v, 'java')})`).join('')}`;
    case 'csharp': return `new() { ${entries.map(([k, v]) => `${pascal(k)} = ${enumValue(k, v, 'csharp')}`).join(', ')} }`;
  }
}

/** `page.keyboard.down`, `page.keyboard().down`, `Page.Keyboard.DownAsync`: an object of the page. */
function pageMember(language: CodegenLanguage, object: string | undefined, method: string, args: string[]): string {
  const list = args.filter(Boolean).join(', ');
  switch (language) {
    case 'typescript': return `await page.${object ? `${object}.` : ''}${method}(${list});`;
    case 'python': return `page.${object ? `${object}.` : ''}${snake(method)}(${list})`;
    case 'java': return `page.${object ? `${object}().` : ''}${method}(${list});`;
    case 'csharp': return `await Page.${object ? `${pascal(object)}.` : ''}${pascal(method)}Async(${list});`;
  }
}

export function inputCode(call: InputCall, language: CodegenLanguage): string {
  switch (call.method) {
    case 'keyDown': return pageMember(language, 'keyboard', 'down', [literal(call.text, language)]);
    case 'keyUp': return pageMember(language, 'keyboard', 'up', [literal(call.text, language)]);
    case 'press': return pageMember(language, 'keyboard', 'press', [literal(call.text, language)]);
    case 'type': return pageMember(language, 'keyboard', 'type', [literal(call.text, language)]);
    case 'mouseMove': return pageMember(language, 'mouse', 'move', [String(call.x), String(call.y)]);
    case 'mouseDown': case 'mouseUp': {
      const name = call.method === 'mouseDown' ? 'down' : 'up';
      return pageMember(language, 'mouse', name, [options({ button: call.button }, language, `Mouse.${pascal(name)}Options`)]);
    }
    case 'mouseClick':
      return pageMember(language, 'mouse', 'click', [String(call.x), String(call.y),
        options({ button: call.button, clickCount: call.clickCount, delay: call.delay }, language, 'Mouse.ClickOptions')]);
    case 'emulateMedia': return pageMember(language, undefined, 'emulateMedia', [options(call.options, language, 'Page.EmulateMediaOptions')]);
    // The script is JavaScript whatever the codegen language: other languages get it as a comment.
    case 'runCode': {
      const statement = `await (${call.code})(page);`;
      if (language === 'typescript') return statement;
      const mark = language === 'python' ? '#' : '//';
      return [`${mark} JavaScript, as it ran:`, ...statement.split('\n').map(line => `${mark} ${line}`)].join('\n');
    }
  }
}

/** `.drop({ files: [...], data: {...} })` on the target's locator. */
function dropCode(locator: string, payload: { files?: string[]; data?: Record<string, string> }, language: CodegenLanguage): string {
  const str = (s: string) => literal(s, language);
  const parts: string[] = [];
  if (language === 'typescript' || language === 'python') {
    const key = (k: string) => language === 'typescript' ? k : `"${k}"`;
    if (payload.files?.length) parts.push(`${key('files')}: ${payload.files.length === 1 ? str(payload.files[0]!) : `[${payload.files.map(str).join(', ')}]`}`);
    if (payload.data) parts.push(`${key('data')}: { ${Object.entries(payload.data).map(([k, v]) => `${str(k)}: ${str(v)}`).join(', ')} }`);
    return language === 'typescript' ? `await ${locator}.drop({ ${parts.join(', ')} });` : `${locator}.drop({ ${parts.join(', ')} })`;
  }
  // Java and C# take a payload class; the statement names what is dropped and reads best plain.
  if (payload.files?.length) parts.push(`files: ${payload.files.map(str).join(', ')}`);
  if (payload.data) parts.push(`data: ${Object.keys(payload.data).map(str).join(', ')}`);
  return `// drop onto ${locator} (${parts.join('; ')})`;
}

function add(response: ToolResponse, statement: string): void {
  response.addCode(statement.length <= MAX_STATEMENT_CHARS ? statement : `// (a statement of ${statement.length} characters, left out)`);
}

function languageOf(session: Session): CodegenLanguage | undefined {
  const language = session.config.codegen;
  return language === 'none' ? undefined : language;
}

/** Adds the code of a keyboard, mouse, emulation or run-code call to the response. */
export function recordInputCall(session: Session, response: ToolResponse, ...calls: InputCall[]): void {
  const language = languageOf(session);
  if (language) for (const call of calls) add(response, inputCode(call, language));
}

/** Adds the code of an external drop onto `target`; left out when no locator can be made. */
export async function recordDrop(session: Session, response: ToolResponse, tab: Tab, target: string, payload: { files?: string[]; data?: Record<string, string> }): Promise<void> {
  const language = languageOf(session);
  const locator = language && await targetCode(session, tab, target);
  if (language && locator) add(response, dropCode(locator, payload, language));
}
