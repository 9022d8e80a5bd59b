// Lists below path parameters (`/owners/{ownerId}/pets`): each parent has its own records, made from the
// schemas on first use (the same for the same seed and parent), and a parent the API does not have is 404.
import type { RequestContext } from '../reference-server/context.js';
import { notFound } from '../reference-server/problems.js';
import type { MockCollection, MockState } from './model.js';

/** Parents kept per nested list; the one used longest ago goes first. */
const MAX_PARENTS = 1000;

const parentOf = (path: string): string => path.slice(0, path.lastIndexOf('/'));

const segment = (path: string): string => {
  const last = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
};

/**
 * The collection at `concrete` (`/owners/5/pets`) of `c`: `c` itself unless it is nested; else its parent's
 * own, filled by `make` (with the template it comes from) on first use. A parent item its own list does not hold is 404.
 */
export function collectionAt(
  ctx: RequestContext<MockState>,
  c: MockCollection,
  concrete: string,
  make: (one: MockCollection, template: MockCollection) => void,
): MockCollection {
  if (!c.nested) return c;
  let one = c.nested.get(concrete);
  if (one) {
    // Used again: the newest, so the parents in use are not the ones dropped.
    c.nested.delete(concrete);
    c.nested.set(concrete, one);
    return one;
  }
  requireParent(ctx, c, concrete, make);
  const { nested: _nested, ...template } = c;
  one = {
    ...template,
    path: concrete,
    ...(c.itemPath?.startsWith(`${c.path}/`) ? { itemPath: concrete + c.itemPath.slice(c.path.length) } : {}),
    records: new Map(),
  };
  make(one, c);
  c.nested.set(concrete, one);
  if (c.nested.size > MAX_PARENTS) c.nested.delete(c.nested.keys().next().value as string);
  return one;
}

/** 404 when the parent (`/owners/5` of `/owners/5/pets`) is an item of a list that does not hold it. */
function requireParent(
  ctx: RequestContext<MockState>,
  c: MockCollection,
  concrete: string,
  make: (one: MockCollection, template: MockCollection) => void,
): void {
  const parent = ctx.store.byItemPath.get(parentOf(c.path));
  if (!parent) return;
  const list = collectionAt(ctx, parent, parentOf(parentOf(concrete)), make);
  if (!list.records.has(segment(parentOf(concrete)))) throw notFound(ctx.path);
}
