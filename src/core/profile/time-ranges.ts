// A body made from a schema gives every date the same sample, so a range (`start`/`end`, `validFrom`/`validTo`)
// would be empty, and an API that refuses an empty range (a 409 "end must follow start") refuses the run's body.
import type { JsonObject } from '../util/json.js';

/** Words that open a range and the word that closes it, in camelCase: lower case at a name's start, else capitalised. */
const RANGES: Array<[string, string]> = [
  ['start', 'end'],
  ['begin', 'end'],
  ['from', 'to'],
];

const DAY_MS = 86_400_000;

/** The names that close the ranges `name` opens: `start` → `end`, `validFrom` → `validTo`, `periodStart` → `periodEnd`. */
function closersOf(name: string): string[] {
  const closers: string[] = [];
  for (const [open, close] of RANGES) {
    if (new RegExp(`^${open}(?=$|[A-Z0-9_])`).test(name)) closers.push(close + name.slice(open.length));
    const upper = (word: string) => word[0]?.toUpperCase() + word.slice(1);
    const at = new RegExp(`(?<=[a-z0-9])${upper(open)}(?=$|[A-Z0-9_])`).exec(name);
    if (at) closers.push(name.slice(0, at.index) + upper(close) + name.slice(at.index + open.length));
  }
  return closers;
}

/** `value` a day later, written as it was (a date stays a date, a date-time keeps or drops its fraction). */
function dayLater(value: string): string | undefined {
  const time = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(time)) return undefined;
  const later = new Date(time + DAY_MS).toISOString();
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return later.slice(0, 10);
  return value.includes('.') ? later : later.replace(/\.\d+Z$/, 'Z');
}

/** Puts the end of every date range of `body` after its start (in place); returns `body`. */
export function orderTimeRanges(body: JsonObject): JsonObject {
  for (const [name, start] of Object.entries(body)) {
    if (typeof start !== 'string') continue;
    for (const closer of closersOf(name)) {
      const end = body[closer];
      if (typeof end !== 'string' || Date.parse(end) > Date.parse(start)) continue;
      const later = dayLater(start);
      if (later !== undefined && !Number.isNaN(Date.parse(end))) body[closer] = later;
    }
  }
  return body;
}
