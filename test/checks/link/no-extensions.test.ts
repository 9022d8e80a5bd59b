import check from '../../../src/checks/link/no-extensions.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference() },
    {
      name: 'a link to the OpenAPI document and a decimal last segment',
      server: reference({
        mutate: (req, res) => {
          if (/^\/employers\/[0-9]+$/.test(req.path) && isObject(res.json))
            res.json['extra'] = {
              href: `${String(res.json['self'])}/../../doc/openapi.json`,
              other: { href: '/registry/v1/rates/2.5' },
            };
        },
      }),
    },
  ],
  invalid: [
    {
      name: 'item hrefs ending in .json',
      server: reference({
        mutate: (req, res) => {
          if (!req.path.startsWith('/employers?') || !isObject(res.json) || !Array.isArray(res.json['items'])) return;
          for (const item of res.json['items'])
            if (isObject(item) && typeof item['href'] === 'string') item['href'] = `${item['href']}.json`;
        },
      }),
      findings: ['extension'],
    },
  ],
});
