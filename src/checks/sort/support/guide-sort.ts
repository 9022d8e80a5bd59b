// The sort checks read the guide's `sort`; an API sorting with another parameter is sort.guide-param's one finding.
import type { CheckContext } from '../../../core/engine/define-check.js';
import type { CollectionTarget } from '../../../core/profile/target.js';

/** The guard of the sort checks: a collection that sorts, with the guide's parameter or another. */
export const SORTS = {
  what: 'collection with a sortable property',
  test: (collection: CollectionTarget): boolean => collection.sorts.length > 0 || collection.foreignSort !== undefined,
};

/** A skip for a sort check on a collection that sorts with another parameter than `sort`. */
export function guideSortOrSkip(ctx: CheckContext<string>, collection: CollectionTarget): void {
  if (collection.sorts.length === 0 && collection.foreignSort !== undefined)
    ctx.skip(
      `${collection.path} sorts with \`${collection.foreignSort}\`, not the guide's \`sort\`: not verified, see sort.guide-param`,
    );
}
