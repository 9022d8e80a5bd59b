// Small shape guards for walking parsed OpenAPI documents (plain JSON values).
export type Json = Record<string, unknown>;
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
