// Chromium forgets response bodies once the page navigates away, and the responses an agent
// most often wants to read later are the errors (a 500's stack trace, a 422's validation
// message). So bodies of failing API and document responses are read as soon as they finish,
// within a memory budget; everything else stays on demand.
import type { NetworkItem } from './network-item.js';
import { within } from '../deadline.js';

const KINDS = new Set(['fetch', 'xhr', 'document']);
const MAX_BODY_BYTES = 100_000;
const BUDGET_BYTES = 10_000_000;
const READ_TIMEOUT_MS = 5000;

export class ErrorBodies {
  private readonly held: NetworkItem[] = [];
  private total = 0;

  /** Reads the body in the background when the item is an HTTP error worth keeping. */
  capture(item: NetworkItem): void {
    const response = item.response;
    if (!response || (item.status ?? 0) < 400 || !KINDS.has(item.resourceType)) return;
    const length = Number(response.headers()['content-length'] ?? 0);
    if (length > MAX_BODY_BYTES) return;
    // A body that is gone already (closed page) or slow is left to the on-demand path, which says so.
    void within(response.body(), READ_TIMEOUT_MS).then(read => {
      if (read.ok && read.value.length <= MAX_BODY_BYTES) this.hold(item, read.value);
    });
  }

  private hold(item: NetworkItem, body: Buffer): void {
    item.capturedBody = body;
    this.held.push(item);
    this.total += body.length;
    while (this.total > BUDGET_BYTES && this.held.length) {
      const oldest = this.held.shift()!;
      this.total -= oldest.capturedBody?.length ?? 0;
      oldest.capturedBody = undefined;
    }
  }
}
