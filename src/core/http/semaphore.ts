/** Bounds how many requests are in flight; waiting can be abandoned through an AbortSignal. */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  /** The most permits ever held at once (tests assert the bound). */
  peak = 0;

  constructor(private readonly permits: number) {
    if (!Number.isInteger(permits) || permits < 1)
      throw new RangeError(`permits must be a positive integer, got ${permits}`);
  }

  async acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.active >= this.permits) {
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          const index = this.waiting.indexOf(grant);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(signal?.reason);
        };
        const grant = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        this.waiting.push(grant);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    }
    this.active++;
    this.peak = Math.max(this.peak, this.active);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.waiting.shift()?.();
    };
  }
}
