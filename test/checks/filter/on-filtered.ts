// Mutators for filtered employer pages: the filter tests break one combination rule at a time.
import { isObject } from '../../../src/core/util/json.js';
import type { Mutator } from '../../helpers/proxy.js';

export type Items = Array<Record<string, unknown>>;

/** Rewrites the items of GET /employers pages whose query satisfies `when`; `base` is the API base URL. */
export function onEmployers(
  when: (query: URLSearchParams) => boolean,
  change: (items: Items, base: string, query: URLSearchParams) => Items,
): Mutator {
  return (req, res) => {
    const [pathname, search = ''] = req.path.split('?');
    const query = new URLSearchParams(search);
    if (
      req.method !== 'GET' ||
      pathname !== '/employers' ||
      !when(query) ||
      !isObject(res.json) ||
      !Array.isArray(res.json['items'])
    )
      return;
    const base = String(res.json['self']).split('/employers')[0] ?? '';
    res.json['items'] = change(res.json['items'] as Items, base, query);
  };
}

/** An employer item of the seed: id 1017 is "Belfry Construction", 1085 is a bankrupt "Flanders Construction". */
export const employerItem = (base: string, employerId: number): Record<string, unknown> => ({
  href: `${base}/employers/${employerId}`,
  employerId,
});

/** A server that ignores one query parameter of GET /employers when `when` holds (it never reaches the API). */
export const ignoresParam =
  (param: string, when: (query: URLSearchParams) => boolean = () => true) =>
  (req: { method: string; path: string }) => {
    const [pathname, search = ''] = req.path.split('?');
    const query = new URLSearchParams(search);
    if (req.method !== 'GET' || pathname !== '/employers' || !query.has(param) || !when(query)) return undefined;
    query.delete(param);
    return { path: `${pathname}?${query.toString()}` };
  };
