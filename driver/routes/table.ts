// The routes of one browser context: mocked responses and header changes that every page of the
// context (tabs opened later too) goes through. The origin policy (browser/origins.ts) still
// decides first: a route never answers for an origin the policy blocks.
import type { BrowserContext, Route } from 'playwright';
import { originVerdict, type OriginPolicy } from '../browser/origins.js';
import { markRouted } from './marks.js';
import { parseRoutePattern } from './pattern.js';

export interface RouteSpec {
  /** A glob matched against the whole URL ("**\/api/users"), or "/regex/flags". */
  pattern: string;
  /** With status or body the route answers itself (status defaults to 200)... */
  status?: number;
  body?: string;
  contentType?: string;
  /** ...else the request goes on to the server with these headers added and removed. */
  addHeaders?: Record<string, string>;
  /** Header names, any case. */
  removeHeaders?: string[];
}

export interface ActiveRoute extends RouteSpec {
  /** 'fulfill': answered by the route; 'continue': sent on with changed headers. */
  mode: 'fulfill' | 'continue';
}

/** unroute() of a pattern no route has; `active` lists the patterns there are. */
export class RouteNotFoundError extends Error {
  constructor(readonly pattern: string, readonly active: string[]) {
    super(`No route has the pattern "${pattern}".`);
    this.name = 'RouteNotFoundError';
  }
}

/** A "Name: Value" header line that cannot be read. */
export class RouteHeaderError extends Error {
  constructor(readonly line: string) {
    super(`Invalid header "${line}": expected "Name: Value", e.g. "X-Test: 1".`);
    this.name = 'RouteHeaderError';
  }
}

/** "Name: Value" lines as a header record (later lines win). */
export function parseHeaderLines(lines: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim() : '';
    if (!name || /[\s"(),/:;<=>?@[\\\]{}]/.test(name)) throw new RouteHeaderError(line);
    headers[name] = line.slice(colon + 1).trim();
  }
  return headers;
}

interface Installed { route: ActiveRoute; match: string | RegExp; handler: (route: Route) => Promise<void> }

export class RouteTable {
  private installed: Installed[] = [];

  constructor(private readonly context: BrowserContext, private readonly policy: OriginPolicy = { allowed: [], blocked: [] }) {}

  /** Oldest first. When several match a request, the newest one handles it (as Playwright does). */
  list(): ActiveRoute[] {
    return this.installed.map(entry => entry.route);
  }

  /** Installs a route; throws RoutePatternError for a pattern that cannot match. */
  async add(spec: RouteSpec): Promise<ActiveRoute> {
    const match = parseRoutePattern(spec.pattern);
    const mode = spec.status !== undefined || spec.body !== undefined ? 'fulfill' : 'continue';
    const route: ActiveRoute = { ...spec, mode };
    const handler = (r: Route) => this.handle(route, r);
    await this.context.route(match, handler);
    this.installed.push({ route, match, handler });
    return route;
  }

  /** Removes the routes with exactly this pattern (all routes without one); returns how many. */
  async remove(pattern?: string): Promise<number> {
    const gone = pattern === undefined ? this.installed : this.installed.filter(entry => entry.route.pattern === pattern);
    if (pattern !== undefined && !gone.length) throw new RouteNotFoundError(pattern, this.installed.map(entry => entry.route.pattern));
    this.installed = this.installed.filter(entry => !gone.includes(entry));
    for (const entry of gone) await this.context.unroute(entry.match, entry.handler).catch(() => {});
    return gone.length;
  }

  private async handle(spec: ActiveRoute, route: Route): Promise<void> {
    const request = route.request();
    // Blocked origins are left to the policy's own route (registered first, so it runs after this one).
    if (originVerdict(this.policy, request.url())) return route.fallback().catch(() => {});
    try {
      if (spec.mode === 'fulfill') {
        markRouted(request, { pattern: spec.pattern, action: 'fulfilled' });
        await route.fulfill({ status: spec.status ?? 200, contentType: spec.contentType, body: spec.body ?? '', headers: spec.addHeaders });
        return;
      }
      const headers = { ...request.headers() };
      for (const [name, value] of Object.entries(spec.addHeaders ?? {})) {
        for (const key of Object.keys(headers)) if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
        headers[name] = value;
      }
      const removed = new Set((spec.removeHeaders ?? []).map(name => name.toLowerCase()));
      for (const key of Object.keys(headers)) if (removed.has(key.toLowerCase())) delete headers[key];
      markRouted(request, { pattern: spec.pattern, action: 'continued' });
      await route.continue({ headers });
    } catch {
      // The page closed or the request was cancelled meanwhile; if it is still waiting, fail it rather than leave it hanging.
      await route.abort('failed').catch(() => {});
    }
  }
}

const tables = new WeakMap<BrowserContext, RouteTable>();

/** The context's one route table, created on first use with the context's origin policy. */
export function routesOf(context: BrowserContext, policy: OriginPolicy): RouteTable {
  let table = tables.get(context);
  if (!table) tables.set(context, table = new RouteTable(context, policy));
  return table;
}
