// oas-doc: the OpenAPI document is user-oriented documentation: its texts leak no implementation
// details, and the API and its operations say more than a one-word summary.

const PACKAGE_ROOT = '(?:com|org|net|be|io|eu|java|javax|jakarta)';

/**
 * What gives away the implementation, by name; case-sensitive so prose ("select the items from") is
 * not SQL. A class name and a SELECT do not start where one already started earlier in the same
 * run (the lookbehinds): that start saw all this one would, so each run is scanned once. Without
 * them a text of `com.a.b…` or of SELECTs without a FROM was quadratic (seconds on a large description);
 * the matches are the same (test/lint/leak-patterns.test.ts).
 */
export const LEAKS: Array<[string, RegExp]> = [
  ['a TODO/FIXME note', /\b(?:TODO|FIXME)\b/],
  [
    'a stack trace',
    /\bat [\w$.<>]+\([\w$]+\.(?:java|kt|scala|groovy|cs|js|ts|py):\d+\)|Exception in thread "|Traceback \(most recent call last\)/,
  ],
  [
    'a class name',
    new RegExp(
      `\\b${PACKAGE_ROOT}(?<!\\b${PACKAGE_ROOT}(?:\\.[a-z_][a-z0-9_]*)*?\\.${PACKAGE_ROOT})(?:\\.[a-z_][a-z0-9_]*)+\\.[A-Z][A-Za-z0-9_$]*\\b`,
    ),
  ],
  [
    'an SQL statement',
    /\bSELECT\b(?<!\bSELECT\b[^.;]*?\bSELECT)[^.;]*\bFROM\b|\bINSERT INTO\b|\bUPDATE\s+\w+\s+SET\b|\bDELETE FROM\b/,
  ],
];

/** The first implementation detail a text leaks, with the matched text. */
export function implementationLeak(text: string): string | undefined {
  for (const [what, pattern] of LEAKS) {
    const match = pattern.exec(text);
    if (match) return `${what} (${JSON.stringify(match[0].slice(0, 60))})`;
  }
  return undefined;
}
