// A mutator that re-sorts the items of sorted employer pages, to break exactly one ordering.
import { isObject } from '../../../src/core/util/json.js';
import type { Mutator } from '../../helpers/proxy.js';

type Item = Record<string, unknown>;

/** For GET /employers pages whose `sort` values equal `sort`, reorders `items` with `compare`. */
export function reorder(sort: string[], compare: (a: Item, b: Item) => number): Mutator {
  return (req, res) => {
    const [pathname, search = ''] = req.path.split('?');
    const asked = new URLSearchParams(search).getAll('sort');
    if (
      pathname !== '/employers' ||
      asked.join('&') !== sort.join('&') ||
      !isObject(res.json) ||
      !Array.isArray(res.json['items'])
    )
      return;
    (res.json['items'] as Item[]).sort(compare);
  };
}

/** Whether a proxied path asks /employers past page 1 with exactly these `sort` values. */
export function isLaterPage(path: string, sort: string[]): boolean {
  const [pathname, search = ''] = path.split('?');
  const query = new URLSearchParams(search);
  return (
    pathname === '/employers' &&
    Number(query.get('page') ?? '1') > 1 &&
    query.getAll('sort').join('&') === sort.join('&')
  );
}

/** For GET /employers pages past the first whose `sort` values equal `sort`, changes `items` in place. */
export function laterPages(sort: string[], change: (items: Item[]) => void): Mutator {
  return (req, res) => {
    if (isLaterPage(req.path, sort) && isObject(res.json) && Array.isArray(res.json['items']))
      change(res.json['items'] as Item[]);
  };
}
