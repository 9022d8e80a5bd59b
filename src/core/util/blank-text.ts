// An input file with nothing in it: empty, white space, or YAML comments only. Commands call it
// empty in one line, rather than the wrong kind of document or a schema error on `null`.
export const isBlankText = (text: string): boolean => text.split('\n').every((line) => /^\s*(?:#.*)?$/.test(line));

/** The reason an input is refused when it is blank. */
export const EMPTY_REASON = 'empty (no YAML or JSON in it)';
