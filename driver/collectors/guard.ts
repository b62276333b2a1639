// Page event handlers run inside Playwright's event emitter: a throw there would surface as an
// uncaught exception and take the whole server down. Collectors wrap every handler in this.
export function guarded<A extends unknown[]>(handler: (...args: A) => void): (...args: A) => void {
  return (...args: A) => {
    try {
      handler(...args);
    } catch {
      // Losing one event is better than losing the session.
    }
  };
}
