// The hand-written half of the fuzz test (issue 24): inputs a schema cannot describe as wrong
// (a wrapped file: URL, a promise that never settles, a dialog opened by a navigation, paths
// that leave the roots) and 1 MB strings on a few tools. Each says what it expects; `check`
// looks at the answer (and may call on) for what the four generic assertions cannot see.
import type { PageServer } from './helpers.js';
import { MEGABYTE_STRING, type FuzzCase } from './fuzz-cases.js';

export interface HostileAnswer { text: string; isError: boolean }

export interface HostileCase extends FuzzCase {
  /** A case that waits for something on purpose gets a longer bound than the default. */
  boundMs?: number;
  check?: (answer: HostileAnswer) => string[];
}

const PASSWD = 'root:x:0:0';

const noLeak = (answer: HostileAnswer) => (answer.text.includes(PASSWD) ? ['the answer shows /etc/passwd'] : []);

/** The answer must name the dialog it opened. */
const tellsDialog = (answer: HostileAnswer) => (/"alert" dialog/.test(answer.text) ? [] : [`the dialog it opened is not in the answer: ${answer.text.slice(0, 300)}`]);

/** The call was abandoned with a message that says so, and names the limit. */
const abandoned = (answer: HostileAnswer) => (answer.isError && /abandoned/i.test(answer.text) ? [] : [`not reported as abandoned: ${answer.text.slice(0, 300)}`]);

function c(tool: string, label: string, args: Record<string, unknown>, expect: 'error' | 'any', extra: Partial<HostileCase> = {}): HostileCase {
  return { tool, label: `${tool}: ${label}`, args, expect, ...extra };
}

export function hostileCases(site: PageServer): HostileCase[] {
  const home = `${site.origin}/`;
  const fileUrls = [
    'view-source:file:///etc/passwd', 'VIEW-SOURCE:file:///etc/passwd', ' view-source:file:///etc/passwd', 'view-source:view-source:file:///etc/passwd',
    'blob:file:///00000000-0000-0000-0000-000000000000', 'filesystem:file:///temporary/passwd', 'file:///etc/passwd', 'FILE:/etc/passwd',
  ];
  return [
    // URLs that wrap or reach a local file: refused as the file: URL itself is.
    ...fileUrls.map(url => c('browser_navigate', `url ${JSON.stringify(url)}`, { url }, 'error', { check: noLeak })),
    ...fileUrls.slice(0, 2).map(url => c('browser_tabs', `new tab at ${JSON.stringify(url)}`, { action: 'new', url }, 'error', { check: noLeak })),
    c('browser_navigate', 'a redirect to file:', { url: `${site.origin}/to-file` }, 'any', { check: noLeak }),
    c('browser_snapshot', 'after the file: attempts', {}, 'any', { check: noLeak }),
    // A dialog opened by the call is in its answer; then it is answered.
    c('browser_navigate', 'javascript:alert(1)', { url: 'javascript:alert(1)' }, 'any', { check: tellsDialog }),
    c('browser_handle_dialog', 'the alert of javascript:', { accept: true }, 'any'),
    c('browser_navigate', 'home after the alert', { url: home }, 'any'),
    c('browser_evaluate', 'a function that opens an alert', { function: '() => { setTimeout(() => alert("later"), 0); return 1; }' }, 'any', { check: tellsDialog }),
    c('browser_handle_dialog', 'the alert of evaluate', { accept: true }, 'any'),
    // A verification that verifies nothing is refused.
    c('browser_verify_element_visible', 'an empty accessible name', { role: 'heading', accessibleName: '' }, 'error'),
    // Huge counts are refused by their bound, named.
    c('browser_mouse_click_xy', 'clickCount 1e9', { x: 5, y: 5, clickCount: 1e9 }, 'error', { check: a => (/clickCount must be between 1 and \d+/.test(a.text) ? [] : [`the bound is not named: ${a.text.slice(0, 300)}`]) }),
    c('browser_mouse_click_xy', 'delay 1e9', { x: 5, y: 5, delay: 1e9 }, 'error'),
    c('browser_wait_for', 'time 1e9', { time: 1e9 }, 'error'),
    // Code that never finishes is abandoned within its bound, and the next call works.
    c('browser_run_code_unsafe', 'a promise that never settles', { code: 'async (page) => new Promise(() => {})' }, 'error', { check: abandoned }),
    c('browser_run_code_unsafe', 'an endless loop before the first await', { code: 'async (page) => { for (;;) {} }' }, 'error', { check: abandoned }),
    c('browser_run_code_unsafe', 'an endless loop after an await', { code: 'async (page) => { await page.title(); while (true) {} }' }, 'error', { check: abandoned }),
    c('browser_run_code_unsafe', 'a promise rejected and left unhandled', { code: 'async (page) => { Promise.reject(new Error("stray")); return 1; }' }, 'any'),
    c('browser_run_code_unsafe', 'an endless loop in the page', { code: 'async (page) => page.evaluate(() => { for (;;) {} })' }, 'error', { check: abandoned }),
    c('browser_navigate', 'home after run code', { url: home }, 'any'),
    c('browser_evaluate', 'a promise that never settles', { function: '() => new Promise(() => {})' }, 'error', { check: abandoned }),
    c('browser_evaluate', 'an endless loop', { function: '() => { for (;;) {} }' }, 'error', { check: abandoned }),
    c('browser_snapshot', 'after the endless loop', {}, 'any', { check: a => (a.isError ? [`the page was not recovered: ${a.text.slice(0, 300)}`] : []) }),
    c('browser_navigate', 'home after evaluate', { url: home }, 'any'),
    // What the page's function threw, in its words, without the injected script's frames.
    c('browser_evaluate', 'a function that throws', { function: '() => { throw new Error("boom from the page"); }' }, 'error', { check: a => (a.text.includes('boom from the page') ? [] : [`the page's message is missing: ${a.text.slice(0, 300)}`]) }),
    c('browser_evaluate', 'a function that throws a non-Error', { function: '() => { throw 42; }' }, 'error'),
    c('browser_evaluate', 'a syntax error', { function: '() => {' }, 'error'),
    c('browser_evaluate', 'an unserializable result', { function: '() => { const a = {}; a.self = a; return a; }' }, 'any'),
    c('browser_evaluate', 'a symbol', { function: '() => Symbol("s")' }, 'any'),
    // Paths that leave the roots and the output directory.
    c('browser_take_screenshot', 'a file outside the roots', { filename: '../fuzz-escape.png' }, 'error'),
    c('browser_take_screenshot', 'an absolute file in /tmp', { filename: '/tmp/fuzz-escape.png' }, 'error'),
    c('browser_take_screenshot', 'a 300-character file name', { filename: `${'n'.repeat(300)}.png` }, 'error'),
    c('browser_take_screenshot', 'a file name with NUL', { filename: 'a\u0000b.png' }, 'error'),
    c('browser_pdf_save', 'a file at the root of the disk', { filename: '/fuzz-escape.txt' }, 'error'),
    c('browser_storage_state', 'a file outside the roots', { filename: '../fuzz-escape.json' }, 'error'),
    c('browser_set_storage_state', '/etc/passwd', { filename: '/etc/passwd' }, 'error', { check: noLeak }),
    c('browser_run_code_unsafe', 'code from /etc/passwd', { filename: '/etc/passwd' }, 'error', { check: noLeak }),
    c('browser_file_upload', '/etc/passwd without a chooser', { paths: ['/etc/passwd'] }, 'error'),
    c('browser_drop', 'a file outside the roots', { target: '#go', paths: ['/etc/passwd'] }, 'error'),
    // 1 MB strings on a few more tools: refused or handled, never echoed whole.
    c('browser_find', '1 MB text', { text: MEGABYTE_STRING }, 'error'),
    c('browser_localstorage_set', '1 MB value', { key: 'big', value: MEGABYTE_STRING }, 'any'),
    c('browser_localstorage_get', 'the 1 MB value back', { key: 'big' }, 'any', { check: a => (a.text.length > 100_000 ? [`answered ${a.text.length} characters`] : []) }),
    c('browser_cookie_set', '1 MB value', { name: 'big', value: MEGABYTE_STRING }, 'error'),
    c('browser_fill_form', '1 MB value', { fields: [{ name: 'Name', type: 'textbox', target: '#name', value: MEGABYTE_STRING }] }, 'any'),
    c('browser_snapshot', 'after the 1 MB fill', {}, 'any', { check: a => (a.text.length > 100_000 ? [`answered ${a.text.length} characters`] : []) }),
    c('browser_unroute', 'every route the cases added', {}, 'any'),
  ];
}
