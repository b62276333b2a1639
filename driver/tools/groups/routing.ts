// The 'network' group: routes that mock responses or change request headers for every tab of
// the session's browser context (driver/routes), and switching the network off and on.
import { z } from 'zod';
import type { BrowserContext } from 'playwright';
import { defineTool } from '../define.js';
import type { Session } from '../session.js';
import { parseHeaderLines, RouteNotFoundError, routesOf, type RouteTable } from '../../index.js';
import { networkState, routeAdded, routeList, routesRemoved, unknownRoute } from '../format/routing.js';
import { wholeNumber } from '../input-policy.js';

// The policy goes with the table, so a route can leave blocked origins to the policy's own route.
const tableOf = (session: Session, context: BrowserContext): RouteTable =>
  routesOf(context, { allowed: session.config.allowedOrigins, blocked: session.config.blockedOrigins });

// The context routes were last used on: its routes still apply after its last tab closed (a new
// tab gets them), so listing them must not depend on a tab being open.
const routedContext = new WeakMap<Session, BrowserContext>();

async function sessionRoutes(session: Session): Promise<RouteTable> {
  const context = (await session.ensureTab()).page.context();
  if (routedContext.get(session) !== context) {
    routedContext.set(session, context);
    context.once('close', () => { if (routedContext.get(session) === context) routedContext.delete(session); });
  }
  return tableOf(session, context);
}

const changes = { readOnlyHint: false, destructiveHint: false, openWorldHint: false } as const;

export const routingTools = [
  defineTool({
    name: 'browser_route',
    group: 'network',
    title: 'Mock network requests',
    description: 'Mock requests matching a URL pattern in all tabs: with status or body, answer them; else send them on with headers changed.',
    params: {
      pattern: z.string().describe('URL glob ("**/api/users", "**/*.{png,jpg}") or /regex/'),
      status: wholeNumber('status', 100, 599).optional().describe('Status to return (default 200)'),
      body: z.string().optional().describe('Response body (text or JSON string)'),
      contentType: z.string().optional().describe('Content-Type, e.g. "application/json"'),
      headers: z.array(z.string()).optional().describe('Headers to add, "Name: Value"'),
      removeHeaders: z.string().optional().describe('Comma-separated request headers to remove'),
    },
    annotations: changes,
    ignoresModal: true,
    async handle(session, params, response) {
      const addHeaders = params.headers ? parseHeaderLines(params.headers) : undefined;
      const removeHeaders = params.removeHeaders?.split(',').map(name => name.trim()).filter(Boolean);
      const table = await sessionRoutes(session);
      const route = await table.add({ pattern: params.pattern, status: params.status, body: params.body, contentType: params.contentType, addHeaders, removeHeaders: removeHeaders?.length ? removeHeaders : undefined });
      response.addResult(routeAdded(route));
    },
  }),
  defineTool({
    name: 'browser_route_list',
    group: 'network',
    title: 'List network routes',
    description: 'List all active network routes',
    params: {},
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false, idempotentHint: true },
    ignoresModal: true,
    async handle(session, _params, response) {
      const context = session.currentTabOrUndefined()?.page.context() ?? routedContext.get(session);
      response.addResult(routeList(context ? tableOf(session, context).list() : []));
    },
  }),
  defineTool({
    name: 'browser_unroute',
    group: 'network',
    title: 'Remove network routes',
    description: 'Remove the routes with a pattern (all routes if none given)',
    params: {
      pattern: z.string().optional().describe('Pattern as given to browser_route (omit to remove all)'),
    },
    annotations: changes,
    ignoresModal: true,
    async handle(session, params, response) {
      const table = await sessionRoutes(session);
      try {
        response.addResult(routesRemoved(await table.remove(params.pattern), params.pattern));
      } catch (error) {
        if (error instanceof RouteNotFoundError) throw new Error(unknownRoute(error.pattern, error.active));
        throw error;
      }
    },
  }),
  defineTool({
    name: 'browser_network_state_set',
    group: 'network',
    title: 'Set network state',
    description: 'Set the network online or offline (all tabs). Offline, every request fails.',
    params: {
      state: z.enum(['online', 'offline']).describe('"offline" to cut the network, "online" to restore it'),
    },
    annotations: { ...changes, idempotentHint: true },
    ignoresModal: true,
    async handle(session, params, response) {
      const tab = await session.ensureTab();
      await tab.page.context().setOffline(params.state === 'offline');
      response.addResult(networkState(params.state));
    },
  }),
];
