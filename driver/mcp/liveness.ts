// Whether an HTTP client is still there, so that its session (and the browser context it holds)
// ends only when the client is really gone, never because of how often it calls:
// - its event stream (GET) closed and it neither reopened it nor called again within a grace
//   period: a killed process closes all its sockets at once, a live SDK client reconnects in ~1 s;
// - or it left several pings on its open stream unanswered while sending nothing else and with
//   no call of its own open.
// Pings go out only on a stream whose headers were sent: before that the SDK has no stream to
// write them to and drops them silently, which once ended every session 5 s after it connected.
// A client that never opens a stream cannot be pinged; the server's idle sweep is its bound.
import type { ServerResponse } from 'node:http';
import { withDeadline } from '../index.js';

export interface LivenessOptions {
  /** How long a ping may take; 0 or less: no pings (the stream rule still applies). */
  pingTimeoutMs: number;
  pingIntervalMs: number;
  /** How long a client whose stream closed has to reopen it or call again. */
  reconnectGraceMs: number;
  /** Consecutive unanswered pings, with nothing else heard, that mean the client is gone. */
  missesAllowed: number;
  ping(): Promise<unknown>;
  /** The client is gone: end its session. Called at most once. */
  gone(): void;
}

/** Runs `opened` once `res`'s headers go out: for an event stream, the moment the SDK has registered it. */
function whenHeadersSent(res: ServerResponse, opened: () => void): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    res.writeHead = writeHead;
    const result = (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    if (this.statusCode === 200) queueMicrotask(opened);
    return result;
  } as ServerResponse['writeHead'];
}

export class ClientLiveness {
  /** The last time the client was heard from: a request, or an answered ping. */
  lastSeen = Date.now();
  /** Counts signs of life, so a check can tell whether the client spoke since a moment. */
  private heardCount = 0;
  private stream: ServerResponse | undefined;
  private openRequests = 0;
  private misses = 0;
  private beating = false;
  private heartbeat: NodeJS.Timeout | undefined;
  private grace: NodeJS.Timeout | undefined;
  private ended = false;

  constructor(private readonly options: LivenessOptions) {}

  /** A request of the client arrived; `res` is its response. `eventStream`: a GET opening the stream. */
  request(res: ServerResponse, eventStream: boolean): void {
    this.heard();
    this.openRequests++;
    res.once('close', () => {
      this.openRequests--;
      if (this.stream !== res) return;
      this.stream = undefined;
      this.armGrace(this.heardCount);
    });
    if (eventStream) whenHeadersSent(res, () => this.streamOpened(res));
  }

  /** The session ended for another reason: no more pings or checks. */
  stop(): void {
    this.ended = true;
    clearTimeout(this.heartbeat);
    clearTimeout(this.grace);
  }

  private heard(): void {
    this.lastSeen = Date.now();
    this.heardCount++;
    this.misses = 0;
  }

  private streamOpened(res: ServerResponse): void {
    if (this.ended || res.writableEnded || res.destroyed) return;
    this.stream = res;
    clearTimeout(this.grace);
    if (!this.beating && this.options.pingTimeoutMs > 0) {
      this.beating = true;
      this.beat();
    }
  }

  private beat(): void {
    if (this.ended || !this.stream) { this.beating = false; return; }
    const sent = this.heardCount;
    withDeadline(this.options.ping(), this.options.pingTimeoutMs, 'The client answering a ping').then(
      () => { this.heard(); this.nextBeat(); },
      () => {
        if (this.ended) return;
        // A stream that closed meanwhile is the grace timer's to judge; a client that spoke
        // since the ping went out is alive, whatever became of the ping.
        if (!this.stream) { this.beating = false; return; }
        // Nor is one whose call is still open: a killed client's sockets close with it, while a
        // live one on a starved machine may answer pings late for as long as its call takes.
        if (this.heardCount > sent || this.callsOpen() > 0) this.misses = 0;
        else if (++this.misses >= this.options.missesAllowed) return this.end();
        this.nextBeat();
      },
    );
  }

  /** Requests of the client still waiting for their answers, its event stream aside. */
  private callsOpen(): number {
    return this.openRequests - (this.stream ? 1 : 0);
  }

  private nextBeat(): void {
    if (this.ended) return;
    this.heartbeat = setTimeout(() => this.beat(), this.options.pingIntervalMs);
    this.heartbeat.unref();
  }

  /** The stream closed (`closedAt`: heardCount then): the client must show up again within the grace period. */
  private armGrace(closedAt: number): void {
    if (this.ended) return;
    clearTimeout(this.grace);
    this.grace = setTimeout(() => {
      if (this.ended || this.stream || this.heardCount > closedAt) return;
      // A request still open is a live connection of the client's: look again when the grace passes anew.
      if (this.openRequests > 0) return this.armGrace(closedAt);
      this.end();
    }, this.options.reconnectGraceMs);
    this.grace.unref();
  }

  private end(): void {
    if (this.ended) return;
    this.stop();
    this.options.gone();
  }
}
