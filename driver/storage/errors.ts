// Typed failures of the storage helpers. The library states the fact; the tool layer
// (tools/format/storage.ts) turns each kind into an answer that says what to do next.

export type StorageErrorKind =
  /** The page has an opaque origin (about:blank, data:...), which has no storage of its own. */
  | 'opaque-origin'
  /** The page refused storage access (sandboxed document, storage disabled). */
  | 'access-denied'
  /** No cookie or storage item with that name. */
  | 'not-found'
  /** A cookie needs a domain and the page has no host to take it from. */
  | 'no-domain'
  /** The browser did not keep a cookie it was given. */
  | 'cookie-rejected'
  /** A storage-state file that is missing, unreadable, not JSON or not shaped like one. */
  | 'state-file';

export class StorageError extends Error {
  constructor(readonly kind: StorageErrorKind, message: string, readonly detail: { url?: string; name?: string; names?: string[]; path?: string } = {}) {
    super(message);
    this.name = 'StorageError';
  }
}
