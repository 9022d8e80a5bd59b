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

/** A file extension ending a path (`.json` of `/Accounts/{Sid}.json`), as large public APIs write their paths. */
export const EXTENSION = /\.[A-Za-z][A-Za-z0-9]{0,7}$/;

/**
 * The `{name}` an item path ends in, a trailing `/` (`/employers/{id}/`) or an extension (`/Accounts/{Sid}.json`)
 * allowed; undefined when it ends in none.
 */
export function itemParameter(path: string): string | undefined {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 0x2f /* / */) end--;
  const bare = path.slice(0, end);
  return LAST_PARAMETER.exec(bare)?.[1] ?? LAST_PARAMETER.exec(bare.replace(EXTENSION, ''))?.[1];
}

/** A literal segment naming a write on records, as a framework's GET shortcuts do (Sails' `/station/create`). */
const WRITE_ACTION = /^(create|update|destroy|delete|remove|replace|add|upsert)([A-Z_-]|$)/;

/**
 * Whether a path names a write on records in one of its literal segments (`/station/destroy/{id}`,
 * `/station/{id}/{association}/replace`): a GET there may change data, so the run reads it not at all.
 */
export const namesWriteAction = (path: string): boolean =>
  path.split('/').some((segment) => !segment.includes('{') && WRITE_ACTION.test(segment.replace(EXTENSION, '')));
