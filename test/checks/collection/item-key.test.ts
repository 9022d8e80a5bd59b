import check from '../../../src/checks/collection/item-key.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'employer items carry only href and title',
      server: reference({
        mutate: (req, res) => {
          if (!req.path.startsWith('/employers?') || !isObject(res.json) || !Array.isArray(res.json['items'])) return;
          for (const item of res.json['items']) if (isObject(item)) delete item['employerId'];
        },
      }),
      findings: ['missingKey'],
    },
  ],
});
