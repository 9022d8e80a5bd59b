// A mutator that re-sorts the items of sorted employer pages, to break exactly one ordering.
import { isObject } from '../../../src/core/json.js';
import type { Mutator } from '../../helpers/proxy.js';

type Item = Record<string, unknown>;

/** For GET /employers pages whose `sort` values equal `sort`, reorders `items` with `compare`. */
export function reorder(sort: string[], compare: (a: Item, b: Item) => number): Mutator {
  return (req, res) => {
    const [pathname, search = ''] = req.path.split('?');
    const asked = new URLSearchParams(search).getAll('sort');
    if (pathname !== '/employers' || asked.join('&') !== sort.join('&') || !isObject(res.json) || !Array.isArray(res.json['items'])) return;
    (res.json['items'] as Item[]).sort(compare);
  };
}
