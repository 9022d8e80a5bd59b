import check from '../../../src/checks/collection/item-href.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import type { Mutator } from '../../helpers/proxy.js';

const onItems =
  (change: (item: Record<string, unknown>) => void): Mutator =>
  (req, res) => {
    if (!req.path.startsWith('/employers?') || !isObject(res.json) || !Array.isArray(res.json['items'])) return;
    for (const item of res.json['items']) if (isObject(item)) change(item);
  };

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'items lack href',
      server: reference({
        mutate: onItems((item) => {
          delete item['href'];
        }),
      }),
      findings: ['missingHref'],
    },
    {
      name: 'item hrefs are relative',
      server: reference({
        mutate: onItems((item) => {
          item['href'] = new URL(String(item['href'])).pathname;
        }),
      }),
      findings: ['notAbsolute'],
    },
  ],
});
