// In-page stand-ins for the parts of WPT's testharness, testdriver and wai-aria/scripts/aria-utils.js
// that the role and html-aam pages use (written here from their documented behaviour, not copied):
// `promise_test(fn, name)` registers a check; `test_driver.get_computed_role/label(el)` answer from a
// chosen provider; `AriaUtils.verify*BySelector` register one check per matching element, comparing
// with data-expectedrole / data-expectedlabel. `window.__wptRun(provider)` then runs every registered
// check and reports pass/fail, so one page load measures ours, Chromium's and Playwright's answers.
//
// Providers: 'ours' (`__ariaref.role/name`), 'chromium' (Blink's computedRole/computedName, behind
// --enable-blink-features=ComputedAccessibilityInfo, what WebDriver's computed role/label report),
// 'playwright' (an exposed function answering from Playwright's own ariaSnapshot of the element).

export interface AamCheck { name: string; pass: boolean; message: string; kind: 'role' | 'label' | 'other' }

export const aamStubs = `(() => {
  const tests = [];
  let elementIds = 0;
  const ids = new WeakMap();
  const idOf = el => { if (!ids.has(el)) { ids.set(el, ++elementIds); el.setAttribute('data-wpt-el', String(elementIds)); } return ids.get(el); };
  let provider = 'ours';
  let kind = 'other';
  const fail = message => { const e = new Error(message); e.wptAssertion = true; throw e; };
  const asciiWhitespace = /[\\t\\n\\f\\r\\u0020]+/g;
  window.setup = function () {};
  window.promise_test = function (fn, name) { tests.push({ fn, name: String(name) }); };
  window.test = window.promise_test;
  window.assert_true = (v, m) => { if (v !== true) fail('assert_true: ' + (m || '')); };
  window.assert_false = (v, m) => { if (v !== false) fail('assert_false: ' + (m || '')); };
  window.assert_equals = (a, b, m) => { if (a !== b) fail('expected ' + JSON.stringify(b) + ' got ' + JSON.stringify(a)); };
  const role = async el => {
    kind = 'role';
    if (provider === 'ours') { const r = window.__ariaref.role(el); return r == null ? '' : r; }
    if (provider === 'chromium') return el.computedRole == null ? '' : el.computedRole;
    return (await window.__pwInfo(idOf(el))).role;
  };
  const label = async el => {
    kind = 'label';
    if (provider === 'ours') return window.__ariaref.name(el);
    if (provider === 'chromium') return (await el.computedName) || '';
    return (await window.__pwInfo(idOf(el))).name;
  };
  window.test_driver = { get_computed_role: role, get_computed_label: label };
  const each = (selector, fn) => { for (const el of document.querySelectorAll(selector)) fn(el); };
  window.AriaUtils = {
    verifyRolesBySelector(selector, prefix) {
      each(selector, el => {
        const expected = el.getAttribute('data-expectedrole');
        const name = (prefix || '') + (el.getAttribute('data-testname') || expected);
        idOf(el);
        window.promise_test(async () => window.assert_equals(await role(el), expected), name);
      });
    },
    verifyRoleOrVariantRolesBySelector(selector, roles) {
      each(selector, el => {
        idOf(el);
        window.promise_test(async () => {
          const r = await role(el);
          if (!roles.includes(r)) fail('role ' + JSON.stringify(r) + ' not in ' + JSON.stringify(roles));
        }, el.getAttribute('data-testname'));
      });
    },
    verifyGenericRolesBySelector(selector) { this.verifyRoleOrVariantRolesBySelector(selector, ['generic', '', 'none']); },
    verifyLabelsBySelector(selector, prefix) {
      each(selector, el => {
        const expected = el.getAttribute('data-expectedlabel');
        const name = (prefix || '') + (el.getAttribute('data-testname') || expected);
        idOf(el);
        window.promise_test(async () => {
          const computed = String(await label(el)).replace(asciiWhitespace, ' ').replace(/^ | $/g, '');
          window.assert_equals(computed, expected);
        }, name);
      });
    },
    verifyRoleAndLabelBySelector(selector) {
      this.verifyLabelsBySelector(selector, '(Label) ');
      this.verifyRolesBySelector(selector, '(Role) ');
    },
  };
  Object.defineProperty(window, '__wptRun', { value: async which => {
    provider = which;
    const out = [];
    for (const t of tests) {
      kind = 'other';
      try { await t.fn({}); out.push({ name: t.name, pass: true, message: '', kind }); }
      catch (e) { out.push({ name: t.name, pass: false, message: String(e && e.message || e), kind }); }
    }
    return out;
  } });
})();`;

/** Role and name of an element as Playwright's ariaSnapshot shows it (first line of its own snapshot). */
export function playwrightInfoFromSnapshot(yaml: string): { role: string; name: string } {
  const first = yaml.split('\n')[0] ?? '';
  const match = /^- ([a-z-]+)(?: "((?:[^"\\]|\\.)*)")?/.exec(first);
  if (!match || match[1] === 'text') return { role: 'generic', name: '' };
  const name = match[2] !== undefined ? JSON.parse(`"${match[2]}"`) as string : '';
  return { role: match[1] === 'img' ? 'image' : match[1] === 'presentation' ? 'none' : match[1], name };
}
