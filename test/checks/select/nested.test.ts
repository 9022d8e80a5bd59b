import check from '../../../src/checks/select/nested.js';
import { isObject } from '../../../src/core/util/json.js';
import type { Mutator } from '../../helpers/proxy.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

const onNested =
  (change: (body: Record<string, unknown>) => void): Mutator =>
  (req, res) => {
    if (req.path.includes('select=(company(') && res.status === 200 && isObject(res.json)) change(res.json);
  };

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'nested selection ignored',
      server: reference({
        mutate: onNested((b) => {
          if (isObject(b['company'])) b['company']['href'] = 'http://example.org/x';
        }),
      }),
      findings: ['extraSubs'],
    },
    {
      name: 'other top-level property kept',
      server: reference({
        mutate: onNested((b) => {
          b['name'] = 'x';
        }),
      }),
      findings: ['extraProperties'],
    },
    {
      name: 'selected member dropped',
      server: reference({
        mutate: onNested((b) => {
          b['company'] = {};
        }),
      }),
      findings: ['missingSub'],
    },
    {
      name: 'object dropped',
      server: reference({
        mutate: onNested((b) => {
          delete b['company'];
        }),
      }),
      findings: ['missingObject'],
    },
  ],
});
