// The built-ins hostile pages replace, one statement each: what Playwright's main-world helper
// and a naive runtime rely on. The hostile-builtins (snapshots) and hostile-actions suites
// sabotage pages with the same list, so a line added here is checked by both.
export const BUILTIN_REPLACEMENTS = [
  'Array.prototype.push = broken;',
  'Array.prototype[Symbol.iterator] = broken;',
  'Array.prototype.map = function () { return []; };',
  'Array.prototype.filter = function () { return []; };',
  'Map.prototype.get = broken;',
  'Map.prototype.set = broken;',
  "window.Map = function () { throw new Error('no Map for you'); };",
  'WeakMap.prototype.get = function () { return undefined; };',
  'WeakMap.prototype.set = broken;',
  'Set.prototype.has = function () { return true; };',
  "Element.prototype.getAttribute = function () { return 'hijacked'; };",
  "String.prototype.trim = function () { return 'trimmed!'; };",
  "window.MutationObserver = function () { throw new Error('no observers'); };",
  'JSON.stringify = function () { return \'"hijacked"\'; };',
  'JSON.parse = broken;',
  'Promise.prototype.then = broken;',
  "Object.defineProperty(Element.prototype, '_ariaRef', { get() { throw new Error('getter trap'); }, configurable: true });",
  'Object.defineProperty = broken;',
  'Function.prototype.apply = broken;',
  'Function.prototype.call = broken;',
];

/** A page script that runs `lines` (with `broken`, a function that throws, in scope). */
export function sabotageScript(lines: string[]): string {
  return `<script>const broken = () => { throw new Error('hijacked built-in'); };\n${lines.join('\n')}</script>`;
}
