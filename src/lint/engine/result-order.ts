// The order Spectral sorts its results in. patches/spectral-core-results-no-sort.patch stops Spectral
// from sorting (its ICU collator was the largest start-up cost), so both modes apply it here.
import type { ISpectralDiagnostic } from '@stoplight/spectral-core';

/** localeCompare, but equal strings (most pairs: findings mostly share a source) skip ICU. */
export const compareText = (a: string, b: string): number => (a === b ? 0 : a.localeCompare(b));

let numericCollator: Intl.Collator | undefined;
const sign = (n: number): number => (n < 0 ? -1 : n > 0 ? 1 : 0);
const compareDefined = <T>(a: T | undefined, b: T | undefined, compare: (a: T, b: T) => number): number =>
  a === undefined ? (b === undefined ? 0 : -1) : b === undefined ? 1 : compare(a, b);

/**
 * The order Spectral sorts its results in (spectral-core's runner/utils/results.js): source, start,
 * code (numerically), path. Equal strings compare as 0 without ICU, which localeCompare also gives.
 */
export function compareSpectralResults(a: ISpectralDiagnostic, b: ISpectralDiagnostic): number {
  return (
    sign(compareDefined(a.source, b.source, compareText)) ||
    sign(a.range.start.line - b.range.start.line) ||
    sign(a.range.start.character - b.range.start.character) ||
    sign(
      compareDefined(a.code, b.code, (x, y) => {
        const left = String(x),
          right = String(y);
        return left === right
          ? 0
          : (numericCollator ??= new Intl.Collator(undefined, { numeric: true })).compare(left, right);
      }),
    ) ||
    sign(compareText(a.path.join(), b.path.join()))
  );
}
