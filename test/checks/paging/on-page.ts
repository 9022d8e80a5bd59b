// Mutators that rewrite collection pages of one path, for the paging tests.
import { isObject } from '../../../src/core/util/json.js';
import type { Mutator, ProxiedRequest } from '../../helpers/proxy.js';

export type Body = Record<string, unknown> & { items: unknown[] };

/** Rewrites the JSON body of GET pages of `path` whose query satisfies `when`. */
export function onPage(
  path: string,
  change: (body: Body, query: URLSearchParams, req: ProxiedRequest) => void,
  when: (query: URLSearchParams) => boolean = () => true,
): Mutator {
  return (req, res) => {
    const [pathname, search = ''] = req.path.split('?');
    const query = new URLSearchParams(search);
    if (
      req.method !== 'GET' ||
      pathname !== path ||
      !when(query) ||
      !isObject(res.json) ||
      !Array.isArray(res.json['items'])
    )
      return;
    change(res.json as Body, query, req);
  };
}
