import { areaOf, type AnyCheck } from './define-check.js';
import { UsageError } from '../util/errors.js';

/** Splits repeated, comma-separated option values: ['a,b', 'c'] → ['a', 'b', 'c']. */
export const splitList = (values: readonly string[] = []): string[] =>
  values
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');

/** The checks selected by --only and --skip (each a check id or an area); unknown names are usage errors. */
export function selectChecks(
  checks: readonly AnyCheck[],
  only: readonly string[] = [],
  skip: readonly string[] = [],
): AnyCheck[] {
  const known = new Set(checks.flatMap((check) => [check.meta.id, areaOf(check.meta.id)]));
  for (const [flag, names] of [
    ['--only', only],
    ['--skip', skip],
  ] as const) {
    const unknown = names.find((name) => !known.has(name));
    if (unknown !== undefined) throw new UsageError(`${flag}: no check or area named '${unknown}'`);
  }
  const matches = (check: AnyCheck, names: readonly string[]) =>
    names.includes(check.meta.id) || names.includes(areaOf(check.meta.id));
  const selected = checks.filter((check) => (only.length === 0 || matches(check, only)) && !matches(check, skip));
  // Said here, so an empty selection is not blamed on the profile ("no check applies").
  if (selected.length === 0 && checks.length > 0) {
    throw new UsageError(
      only.length > 0
        ? `--skip ${skip.join(',')} removes every check that --only ${only.join(',')} selects: nothing left to run`
        : `--skip ${skip.join(',')} skips every check: nothing left to run`,
    );
  }
  return selected;
}
