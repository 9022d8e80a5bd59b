// A create body made from the schema fills a member declared as plain text with text; where the records the API
// lists hold a date or a moment there (Platformatic's TIMESTAMP columns, declared `string`), that text fails the
// API, not the rule a check is after. The body takes the recorded shape instead, before the run creates anything.
import type { CheckContext } from '../../core/engine/define-check.js';
import type { CollectionTarget } from '../../core/profile/target.js';
import { listingOf } from '../../core/profile/list-shape.js';
import { isObject } from '../../core/util/json.js';

const MOMENT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The values made for them: those the document's formats get (openapi-profile.ts). */
const MADE = { moment: '2026-01-01T00:00:00Z', day: '2026-01-01' } as const;
/** Records read: the first page's, a few are enough to tell a format every one of them shares. */
const PAGE_SIZE = 5;

/** The shape every recorded value of a member has, when they all have one. */
function recordedShape(values: unknown[]): keyof typeof MADE | undefined {
  const strings = values.filter((value): value is string => typeof value === 'string');
  if (strings.length === 0 || strings.length < values.filter((v) => v !== null && v !== undefined).length)
    return undefined;
  if (strings.every((value) => MOMENT.test(value))) return 'moment';
  if (strings.every((value) => DAY.test(value))) return 'day';
  return undefined;
}

/**
 * Reads the collection's first page and gives each text member of its schema-made create body that the records
 * hold as dates (or moments) a date (or moment), no longer made unique. Changes `collection.create` in place.
 */
export async function fitToRecords(
  ctx: CheckContext<string>,
  collection: CollectionTarget,
  made: NonNullable<CollectionTarget['create']>,
): Promise<void> {
  const texts = Object.entries(made.body).filter(
    ([, value]) => typeof value === 'string' && !MOMENT.test(value) && !DAY.test(value),
  );
  if (texts.length === 0) return;
  const page = await ctx.get(collection.firstPage({ pageSize: PAGE_SIZE }));
  if (page.response.status !== 200) return;
  const records = (listingOf(page.response.json, { knownList: true })?.items ?? []).filter(isObject);
  if (records.length === 0) return;
  for (const [name] of texts) {
    const shape = recordedShape(records.map((record) => record[name]));
    if (shape === undefined) continue;
    made.body[name] = MADE[shape];
    made.unique = made.unique.filter((spec) => spec.path !== name);
  }
}
