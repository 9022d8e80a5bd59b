// A wait that a run's deadline or interruption cuts short: it resolves early, never rejects.

/** Resolves after `ms`, or as soon as `signal` aborts (at once when it already has). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
