// `{name}` parameters in path templates and server URLs. After its `{`, each pattern skips a start
// that an earlier `{` of the same run (no `}` between) already tried: that one reached the same `}`,
// so a run of `{` is scanned once. `/\{([^}]+)\}/` went from every `{` to the run's end, quadratic
// on a path key or URL of many `{`, which a description a server publishes may hold.
// Same matches as the plain patterns (test/core/path-templates.test.ts).

/** Each `{name}`, the name as group 1 (global: for replace and matchAll). */
export const PARAMETERS = /\{(?<!\{[^}]*?\{)([^}]+)\}/g;
/** Each `{…}`, empty ones too (global). */
export const ANY_PARAMETERS = /\{(?<!\{[^}]*?\{)[^}]*\}/g;
/** A `{name}` ending the text, the name as group 1. */
export const LAST_PARAMETER = /\{(?<!\{[^}]*?\{)([^}]+)\}$/;
/** A `/{name}` segment ending the text, the name as group 1. */
export const LAST_SEGMENT_PARAMETER = /\/\{(?<!\/\{[^}]*?\/\{)([^}]+)\}$/;
/** For split: the text between `{…}` and each `{…}` (captured). */
export const AROUND_PARAMETERS = /(\{(?<!\{[^}]*?\{)[^}]*\})/;

/** The `{name}` an item path ends in, a trailing `/` allowed (`/employers/{id}/`); undefined when it ends in none. */
export function itemParameter(path: string): string | undefined {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 0x2f /* / */) end--;
  return LAST_PARAMETER.exec(path.slice(0, end))?.[1];
}
