import check from '../../../src/checks/collection/self-link.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import type { Mutator } from '../../helpers/proxy.js';

const onSelf =
  (change: (self: string) => string | undefined): Mutator =>
  (req, res) => {
    if (!req.path.startsWith('/companies?') || !isObject(res.json) || typeof res.json['self'] !== 'string') return;
    const self = change(res.json['self']);
    if (self === undefined) delete res.json['self'];
    else res.json['self'] = self;
  };

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'self drops the query',
      server: reference({ mutate: onSelf((self) => self.split('?')[0]) }),
      findings: ['queryNotReflected'],
    },
    {
      name: 'self is relative',
      server: reference({ mutate: onSelf((self) => new URL(self).pathname + new URL(self).search) }),
      findings: ['notAbsolute'],
    },
    { name: 'self is absent', server: reference({ mutate: onSelf(() => undefined) }), findings: ['missing'] },
    {
      name: 'self points at another path',
      server: reference({ mutate: onSelf((self) => self.replace('/companies', '/employers')) }),
      findings: ['otherPath'],
    },
  ],
});
