import check from '../../../src/checks/select/include.js';
import { isObject } from '../../../src/core/util/json.js';
import type { Mutator } from '../../helpers/proxy.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

/** Rewrites the body of `?select=(...)` (not negated) answers. */
const onSelect =
  (change: (body: Record<string, unknown>) => void): Mutator =>
  (req, res) => {
    if (req.path.includes('select=(') && res.status === 200 && isObject(res.json)) change(res.json);
  };

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'select ignored: other properties come back',
      server: reference({
        mutate: onSelect((b) => {
          b['employerId'] = 1;
        }),
      }),
      findings: ['extraProperties'],
    },
    {
      name: 'selected property dropped',
      server: reference({
        mutate: onSelect((b) => {
          delete b['name'];
        }),
      }),
      findings: ['missingProperty'],
    },
    {
      name: 'self dropped',
      server: reference({
        mutate: onSelect((b) => {
          delete b['self'];
        }),
      }),
      findings: ['missingSelf'],
    },
    {
      name: 'select refused',
      server: reference({
        mutate: (req, res) => {
          if (req.path.includes('select=')) res.status = 500;
        },
      }),
      findings: ['notOk'],
    },
  ],
});
