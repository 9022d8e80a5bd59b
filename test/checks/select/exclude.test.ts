import check from '../../../src/checks/select/exclude.js';
import { isObject } from '../../../src/core/util/json.js';
import type { Mutator } from '../../helpers/proxy.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

const onNegated =
  (change: (body: Record<string, unknown>) => void): Mutator =>
  (req, res) => {
    if (req.path.includes('select=!(') && res.status === 200 && isObject(res.json)) change(res.json);
  };

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'negation ignored',
      server: reference({
        mutate: onNegated((b) => {
          b['name'] = 'still here';
        }),
      }),
      findings: ['stillThere'],
    },
    {
      name: 'negation read as a selection',
      server: reference({
        mutate: onNegated((b) => {
          delete b['employerId'];
          delete b['company'];
        }),
      }),
      findings: ['missingProperties'],
    },
  ],
});
