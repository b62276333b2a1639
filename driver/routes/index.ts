// Routes: made-up responses and changed request headers for a whole browser context, and the
// mark each routed request carries. Data and typed errors; surfaces word them.
export { RouteTable, routesOf, parseHeaderLines, RouteNotFoundError, RouteHeaderError, type RouteSpec, type ActiveRoute } from './table.js';
export { parseRoutePattern, RoutePatternError } from './pattern.js';
export { routeMarkOf, type RouteMark } from './marks.js';
