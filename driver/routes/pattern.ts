// Route patterns as agents write them: a Playwright glob ("**/api/users", "**/*.{png,jpg}")
// matched against the whole URL, or "/regex/flags". Checked up front, because Playwright only
// compiles a glob when a request arrives, so a bad one would fail inside the browser's traffic
// instead of in the answer, and a relative glob silently matches nothing.

import { ArgumentError } from '../errors.js';

/** A pattern that cannot be used; the message says what to write instead. */
export class RoutePatternError extends ArgumentError {
  constructor(message: string, readonly pattern: string) {
    super(message, 'pattern');
    this.name = 'RoutePatternError';
  }
}

/** What context.route() takes for `pattern`: the glob itself, or the compiled regex. */
export function parseRoutePattern(pattern: string): string | RegExp {
  if (!pattern.trim()) throw new RoutePatternError('The URL pattern is empty. Write e.g. "**/api/users" (any origin) or "**/*.{png,jpg}".', pattern);
  const regex = /^\/(.+)\/([dgimsuvy]*)$/s.exec(pattern);
  if (regex) {
    try {
      // No g/y: a stateful lastIndex would make every other request miss.
      return new RegExp(regex[1], regex[2].replace(/[gy]/g, ''));
    } catch (error) {
      throw new RoutePatternError(`Invalid regular expression ${pattern}: ${(error as Error).message}. Fix it, or use a glob such as "**/api/users".`, pattern);
    }
  }
  checkBraces(pattern);
  // Playwright resolves other globs against a base URL the session does not have: such a glob
  // would have to equal the whole URL, so "/api/users" or "api/users" can never match.
  if (!/^([*{]|[a-z][a-z0-9+.-]*:)/i.test(pattern)) {
    const tail = pattern.replace(/^\.?\/+/, '');
    throw new RoutePatternError(`"${pattern}" would match no request: a glob matches the whole URL. Write "**/${tail}" (any origin) or a full URL such as "http://host/${tail}".`, pattern);
  }
  return pattern;
}

/** The same brace rules as Playwright's glob compiler, which otherwise throws per request. */
function checkBraces(glob: string): void {
  let open = false;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '\\') { i++; continue; }
    if (c === '{') {
      if (open) throw new RoutePatternError(`Invalid glob "${glob}": a "{" group cannot contain another "{". Split it into separate routes, or escape it as \\{.`, glob);
      open = true;
    } else if (c === '}') {
      if (!open) throw new RoutePatternError(`Invalid glob "${glob}": "}" without a "{" before it. Remove it or escape it as \\}.`, glob);
      open = false;
    }
  }
  if (open) throw new RoutePatternError(`Invalid glob "${glob}": "{" is never closed. Close the group ("**/*.{png,jpg}") or escape it as \\{.`, glob);
}
