// Small shape guards for walking parsed JSON and YAML (plain values): the one set, below lint, the
// ruleset, diff, the profile and the reference server alike.

/** A JSON object as parsed: its values unknown until a guard proves their shape. */
export type Json = Record<string, unknown>;

/** Where a value lives in a document: object keys and array indexes from its root. */
export type JsonPath = Array<string | number>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export const entries = (value: unknown): Array<[string, unknown]> => (isObject(value) ? Object.entries(value) : []);

/** The media type without parameters, lower-cased: `application/json; charset=UTF-8` → `application/json`. */
export const bareMediaType = (mediaType: string): string => (mediaType.split(';')[0] ?? '').trim().toLowerCase();

export const isJsonMediaType = (mediaType: string): boolean => {
  const bare = bareMediaType(mediaType);
  return bare === 'application/json' || bare.endsWith('+json');
};
