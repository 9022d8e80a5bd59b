import check from '../../../src/checks/link/absolute.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'relative item hrefs',
      server: reference({
        mutate: (req, res) => {
          if (!req.path.startsWith('/companies?') || !isObject(res.json) || !Array.isArray(res.json['items'])) return;
          for (const item of res.json['items'])
            if (isObject(item)) item['href'] = `/companies/${String(item['enterpriseNumber'])}`;
        },
      }),
      findings: ['notAbsolute'],
    },
    {
      name: 'a nested href that is not a URI',
      server: reference({
        mutate: (req, res) => {
          if (/^\/employers\/[0-9]+$/.test(req.path) && isObject(res.json) && isObject(res.json['company']))
            res.json['company']['href'] = 42;
        },
      }),
      findings: ['notAbsolute'],
    },
  ],
});
