// Where a collection lists its items, whatever the name: the guide's `items`, a framework's `results`,
// `data` or `value`, or a bare array. The model finds the list; the checks judge its shape.
import { isObject } from '../util/json.js';

/** Names frameworks list items under; an empty array under one of them is a list too. */
export const LIST_NAMES = [
  'items',
  'results',
  'data',
  'value',
  'content',
  'records',
  'entries',
  'elements',
  'rows',
  'list',
];

export interface Listing {
  /** The member holding the items (`items`, `results`...); '' for a bare array. */
  under: string;
  items: unknown[];
}

const objects = (value: unknown): value is unknown[] => Array.isArray(value) && value.every(isObject);

/**
 * The items of an answered list: a bare array of objects, or an object with an array of objects under any name.
 * `knownList`: the answer is a collection's page, so its only array is its list even when empty (a mock's `accounts: []`).
 */
export function listingOf(json: unknown, options: { knownList?: boolean } = {}): Listing | undefined {
  if (objects(json)) return { under: '', items: json };
  if (!isObject(json)) return undefined;
  if (Array.isArray(json['items'])) return { under: 'items', items: json['items'] };
  const named = LIST_NAMES.find((name) => objects(json[name]));
  if (named !== undefined) return { under: named, items: json[named] as unknown[] };
  const other = Object.keys(json).find((name) => objects(json[name]) && (json[name] as unknown[]).length > 0);
  if (other !== undefined) return { under: other, items: json[other] as unknown[] };
  const arrays = Object.keys(json).filter((name) => objects(json[name]));
  return options.knownList === true && arrays.length === 1
    ? { under: arrays[0] as string, items: json[arrays[0] as string] as unknown[] }
    : undefined;
}

/** Whether a Link header (RFC 8288) has a link with `rel="next"`. */
export function linkHeaderHasNext(value: string | undefined): boolean {
  return value !== undefined && /<[^>]*>\s*(;[^,]*)?;\s*rel\s*=\s*"?[^",]*\bnext\b/i.test(value);
}
