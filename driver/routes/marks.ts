// Which route answered or changed a request, so a request listing can say it did not come from
// the real server as is. Kept beside the Request itself (a WeakMap), so it goes with it.
import type { Request } from 'playwright';

export interface RouteMark {
  /** The pattern of the route, as it was given. */
  pattern: string;
  /** 'fulfilled': the route made up the response; 'continued': it sent the request on with changed headers. */
  action: 'fulfilled' | 'continued';
}

const marks = new WeakMap<Request, RouteMark>();

export function markRouted(request: Request, mark: RouteMark): void {
  marks.set(request, mark);
}

export function routeMarkOf(request: Request): RouteMark | undefined {
  return marks.get(request);
}
