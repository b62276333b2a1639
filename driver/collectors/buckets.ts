// Per-page storage split by document: what the page logged or fetched is only meaningful
// relative to the document that did it, and an agent usually asks about "this page" (or the
// one just before a redirect), so the current document and a couple before it are kept and
// older ones are forgotten as a whole.

/** Source of ids: monotonic, never reused, shared by every page of a session when given. */
export class IdSource {
  private last = 0;
  next(): number {
    return ++this.last;
  }
  /** Highest id handed out so far (0 before the first). */
  peek(): number {
    return this.last;
  }
}

export interface Identified {
  id: number;
}

export interface Bucket<T extends Identified> {
  /** 1 for the first document this page showed, +1 per cross-document navigation. */
  navigation: number;
  url: string;
  startedAt: number;
  items: T[];
  /** Items dropped from this bucket because it reached its cap (oldest first). */
  dropped: number;
}

export interface BucketOptions<T> {
  /** How many documents are kept: the current one plus keep-1 before it. Default 3. */
  keep?: number;
  /** Most items kept per document; older ones are dropped first. Default 1000. */
  cap?: number;
  /** Items that should survive dropping while others can go (e.g. the document request). */
  pinned?: (item: T) => boolean;
}

export class Buckets<T extends Identified> {
  private readonly list: Bucket<T>[] = [];
  private readonly keep: number;
  private readonly cap: number;
  private readonly pinned: (item: T) => boolean;

  constructor(url: string, navigation: number, options: BucketOptions<T> = {}) {
    this.keep = Math.max(1, options.keep ?? 3);
    this.cap = Math.max(1, options.cap ?? 1000);
    this.pinned = options.pinned ?? (() => false);
    this.list.push(newBucket<T>(url, navigation));
  }

  current(): Bucket<T> {
    return this.list[this.list.length - 1];
  }

  /** Oldest first; the last one is the current document. */
  all(): readonly Bucket<T>[] {
    return this.list;
  }

  /**
   * A new document committed: open its bucket, move `carry` into it (items that belong to the
   * new document but arrived before the commit), and forget the oldest beyond `keep`.
   */
  startDocument(url: string, navigation: number, carry: T[] = []): Bucket<T> {
    const next = newBucket<T>(url, navigation);
    this.list.push(next);
    for (const item of carry) this.move(item, next);
    // A bucket left with nothing (e.g. the about:blank a popup starts on) is not worth a slot.
    const previous = this.list[this.list.length - 2];
    if (previous && previous.items.length === 0 && previous.dropped === 0) this.list.splice(this.list.length - 2, 1);
    while (this.list.length > this.keep) this.list.shift();
    return next;
  }

  add(item: T, bucket: Bucket<T> = this.current()): void {
    bucket.items.push(item);
    if (bucket.items.length > this.cap) this.dropOldest(bucket);
  }

  /** Moves an item (kept or not) into the given bucket, keeping ids ordered there. */
  move(item: T, to: Bucket<T>): void {
    for (const bucket of this.list) {
      const index = bucket.items.indexOf(item);
      if (index >= 0) bucket.items.splice(index, 1);
    }
    const at = to.items.findIndex(other => other.id > item.id);
    if (at < 0) to.items.push(item);
    else to.items.splice(at, 0, item);
    if (to.items.length > this.cap) this.dropOldest(to);
  }

  /** Forgets every item and earlier document: the next listing starts empty (ids go on counting). */
  clear(): void {
    const current = this.current();
    current.items.length = 0;
    current.dropped = 0;
    this.list.splice(0, this.list.length - 1);
  }

  find(id: number): { item: T; bucket: Bucket<T> } | undefined {
    for (const bucket of this.list) {
      const item = bucket.items.find(candidate => candidate.id === id);
      if (item) return { item, bucket };
    }
    return undefined;
  }

  /** Buckets to report: the current one, or every kept one when earlier documents are asked for. */
  select(includeEarlier: boolean): readonly Bucket<T>[] {
    return includeEarlier ? this.list : [this.current()];
  }

  private dropOldest(bucket: Bucket<T>): void {
    let index = bucket.items.findIndex(item => !this.pinned(item));
    if (index < 0) index = 0;
    bucket.items.splice(index, 1);
    bucket.dropped++;
  }
}

function newBucket<T extends Identified>(url: string, navigation: number): Bucket<T> {
  return { navigation, url, startedAt: Date.now(), items: [], dropped: 0 };
}
