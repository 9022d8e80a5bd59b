import check from '../../../src/checks/controller/get-safe.js';
import { isObject } from '../../../src/core/util/json.js';
import type { MutableResponse } from '../../helpers/proxy.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

/** Changes the answer of every call after the first, as a controller with a side effect would. */
function drifting(change: (res: MutableResponse) => void) {
  let calls = 0;
  return reference({
    mutate: (req, res) => {
      if (req.path.startsWith('/convertMoney') && ++calls > 1) change(res);
    },
  });
}

// Each answer a minute later than the one before, so the timestamp always differs.
let stamps = 0;

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference() },
    {
      name: 'a timestamp changes between calls',
      server: reference({
        mutate: (req, res) => {
          if (req.path.startsWith('/convertMoney') && isObject(res.json))
            res.json['computedAt'] = new Date(Date.now() + ++stamps * 60_000).toISOString();
        },
      }),
    },
  ],
  invalid: [
    {
      name: 'second call converts differently',
      server: drifting((res) => {
        if (isObject(res.json)) res.json['convertedAmount'] = '11.00';
      }),
      findings: ['bodyDiffers'],
    },
    {
      name: 'second call fails',
      server: drifting((res) => {
        res.status = 409;
      }),
      findings: ['statusDiffers'],
    },
  ],
});
