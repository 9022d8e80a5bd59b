// Every answer the run received, discovery included: the response-level checks judge them all, not a sample.
import type { Exchange } from './exchange.js';

/** Bounds of the log: a long run against big pages keeps the first answers, not all of memory. */
const MAX_EXCHANGES = 4000;
const MAX_TEXT_CHARS = 64 * 1024 * 1024;

export class Traffic {
  private readonly kept: Exchange[] = [];
  private chars = 0;
  /** Answers received but not kept, the log being full. */
  dropped = 0;

  /** `listener` sees every answer, kept or not (a recording, a tally of operations). */
  constructor(private readonly listener?: (exchange: Exchange) => void) {}

  record(exchange: Exchange): void {
    this.listener?.(exchange);
    const size = exchange.response.text.length;
    if (this.kept.length >= MAX_EXCHANGES || this.chars + size > MAX_TEXT_CHARS) {
      this.dropped++;
      return;
    }
    this.chars += size;
    this.kept.push(exchange);
  }

  /** The answers so far, oldest first. */
  get exchanges(): readonly Exchange[] {
    return this.kept;
  }
}
