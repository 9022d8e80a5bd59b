// A document that cannot be linted (unreadable, malformed, not OpenAPI 3.x) is one error result,
// so the other documents of the run are still linted, as Spectral does.
import { UsageError } from '../core/util/errors.js';
import type { LintFinding } from '../core/report/types.js';

/** Spectral's codes where it has one (`parser`, `unrecognized-format`); `unreadable` otherwise. */
type UnlintableCode = 'unreadable' | 'parser' | 'unrecognized-format';

const ZERO = { line: 0, character: 0 };

export class UnlintableDocument extends UsageError {
  constructor(
    readonly source: string,
    readonly code: UnlintableCode,
    readonly reason: string,
    readonly start: { line: number; character: number } = ZERO,
  ) {
    super(`${source}${start === ZERO ? '' : `:${start.line + 1}:${start.character + 1}`}: ${reason}`);
  }

  toFinding(): LintFinding {
    return {
      code: this.code,
      severity: 0,
      message: this.reason,
      path: [],
      source: this.source,
      range: { start: this.start, end: this.start },
    };
  }
}

/** Any error met while reading one document, as an UnlintableDocument of that source. */
export function asUnlintable(error: unknown, source: string): UnlintableDocument {
  if (error instanceof UnlintableDocument) return error;
  if (!(error instanceof UsageError)) throw error; // a bug, not bad input: let it surface
  const prefix = `${source}: `;
  const reason = error.message.startsWith(prefix)
    ? error.message.slice(prefix.length)
    : error.message.startsWith(source)
      ? error.message.slice(source.length).trim()
      : error.message;
  return new UnlintableDocument(source, 'unreadable', reason);
}
