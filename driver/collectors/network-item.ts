// One kept request, as the network collector records it. In its own module because the
// collector, the error-body capture and the on-demand body reader all need it, and the
// collector uses the capture: the type living in any of them would tie them in a loop.
import type { Request, Response } from 'playwright';
import type { RouteMark } from '../routes/marks.js';

export type RequestState = 'pending' | 'finished' | 'failed';

export interface NetworkItem {
  id: number;
  method: string;
  url: string;
  resourceType: string;
  /** The main-frame request that loaded a document (kept when the cap drops others). */
  isDocument: boolean;
  state: RequestState;
  status?: number;
  statusText?: string;
  /** Network error text, e.g. net::ERR_CONNECTION_REFUSED. */
  failure?: string;
  startTime: number;
  /** Milliseconds from sending to the end of the response (or the failure), when known. */
  durationMs?: number;
  fromServiceWorker?: boolean;
  /** A route answered this request, or sent it on with changed headers. */
  routed?: RouteMark;
  /** Id of the request this one was redirected from. */
  redirectedFromId?: number;
  request: Request;
  response?: Response;
  /** Body of an error response, read as soon as it finished (see ErrorBodies). */
  capturedBody?: Buffer;
}
