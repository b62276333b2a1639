// The network group's answers: routes added, listed and removed, and the network state.
// Wording follows Playwright MCP's, with what each route will do spelled out.
import type { ActiveRoute } from '../../index.js';

export function routeAdded(route: ActiveRoute): string {
  const lines = [`Route added for pattern: ${route.pattern}`];
  if (route.mode === 'fulfill') {
    lines.push(`Matching requests get a made-up response (status ${route.status ?? 200}) instead of reaching the server.`);
    if (route.removeHeaders?.length) lines.push('(removeHeaders is ignored: it applies to requests sent on to the server, and this route answers itself.)');
  } else {
    lines.push('Matching requests go to the server with the headers changed.');
  }
  return lines.join('\n');
}

export function routeList(routes: ActiveRoute[]): string {
  if (!routes.length) return 'No active routes';
  return routes.map((route, i) => {
    const details: string[] = [];
    if (route.status !== undefined) details.push(`status=${route.status}`);
    if (route.body !== undefined) details.push(`body=${route.body.length > 50 ? route.body.slice(0, 50) + '...' : route.body}`);
    if (route.contentType) details.push(`contentType=${route.contentType}`);
    if (route.addHeaders) details.push(`addHeaders=${JSON.stringify(route.addHeaders)}`);
    if (route.removeHeaders) details.push(`removeHeaders=${route.removeHeaders.join(',')}`);
    return `${i + 1}. ${route.pattern}${details.length ? ` (${details.join(', ')})` : ''}`;
  }).join('\n');
}

export function routesRemoved(removed: number, pattern: string | undefined): string {
  return pattern === undefined ? `Removed all ${removed} route(s)` : `Removed ${removed} route(s) for pattern: ${pattern}`;
}

export function unknownRoute(pattern: string, active: string[]): string {
  if (!active.length) return `No route has the pattern "${pattern}": there are no active routes. Add one with browser_route.`;
  return `No route has the pattern "${pattern}". Active: ${active.map(p => `"${p}"`).join(', ')}. Pass a pattern exactly as browser_route_list shows it, or omit pattern to remove all routes.`;
}

export function networkState(state: 'online' | 'offline'): string {
  return `Network is now ${state}`;
}
