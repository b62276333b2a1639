// One page of kept items as data: the matches of a filter flattened across the documents
// asked for, each item with the document it belongs to, plus what a reader needs to tell
// what is missing (other documents, dropped items, further pages). Wording is left to the
// surfaces (tools/format).
import type { Bucket, Buckets, Identified } from './buckets.js';

export interface Paging {
  /** Skip this many matches, counted from the oldest. Default 0. */
  offset?: number;
  /** At most this many items. Default 100. */
  limit?: number;
}

export interface Located<T extends Identified> {
  item: T;
  bucket: Bucket<T>;
}

export interface Listing<T extends Identified> {
  /** This page of matches, oldest first. */
  items: Array<Located<T>>;
  /** Position of the first item among all matches. */
  offset: number;
  /** Matches on every page together. */
  total: number;
  /** Matches were taken from every kept document, not only the current one. */
  includeEarlier: boolean;
  /** The current document's bucket (its `dropped` says whether the cap lost items). */
  current: Bucket<T>;
  /** Documents kept, the current one included. */
  keptDocuments: number;
}

/** The listing of `groups` (one per document, as the collectors' list() returns them). */
export function listingOf<T extends Identified>(
  buckets: Buckets<T>,
  groups: Array<{ bucket: Bucket<T>; items: T[] }>,
  includeEarlier: boolean,
  paging: Paging,
): Listing<T> {
  const flat = groups.flatMap(group => group.items.map(item => ({ item, bucket: group.bucket })));
  const start = Math.max(0, Math.min(paging.offset ?? 0, flat.length));
  const limit = Math.max(1, paging.limit ?? 100);
  return {
    items: flat.slice(start, start + limit),
    offset: start,
    total: flat.length,
    includeEarlier,
    current: buckets.current(),
    keptDocuments: buckets.all().length,
  };
}
