// Severity names as users write them: Spectral's `warn` is accepted wherever `warning` is.
import { UsageError } from '../util/errors.js';
import type { Severity } from './types.js';

export type FailOn = Severity;

/** `warn` → `warning`; other names as they are. */
const severityAlias = (value: string): string => (value === 'warn' ? 'warning' : value);

/** The --fail-on level of a command that offers `levels`; a wrong one is a one-line usage error. */
export function parseFailOn<L extends FailOn>(value: unknown, levels: readonly L[], fallback: L = 'warning' as L): L {
  if (value === undefined) return fallback;
  const level = severityAlias(String(value));
  if (!(levels as readonly string[]).includes(level)) {
    const names = levels.flatMap((l) => (l === 'warning' ? ['warning (or warn)'] : [l]));
    throw new UsageError(
      `--fail-on must be ${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}, not "${String(value)}"`,
    );
  }
  return level as L;
}

/** The choices --fail-on offers in --help: each level, and `warn` beside `warning`. */
export const failOnChoices = (levels: readonly FailOn[]): string[] =>
  levels.flatMap((l) => (l === 'warning' ? ['warning', 'warn'] : [l]));
