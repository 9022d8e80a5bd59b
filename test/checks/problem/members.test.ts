import check from '../../../src/checks/problem/members.js';
import { isObject } from '../../../src/core/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import type { Mutator } from '../../helpers/proxy.js';

const onProblem = (edit: (problem: Record<string, unknown>) => void): Mutator => (_req, res) => {
  if (res.status >= 400 && isObject(res.json)) edit(res.json);
};

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    { name: 'no type', server: reference({ mutate: onProblem((p) => { delete p['type']; }) }), findings: ['missingType'] },
    { name: 'status as a string', server: reference({ mutate: onProblem((p) => { p['status'] = String(p['status']); }) }), findings: ['wrongType'] },
    { name: 'an HTML error page', server: reference({ mutate: (_req, res) => { if (res.status >= 400) { res.text = '<html>error</html>'; res.json = undefined; } } }), findings: ['notObject'] },
  ],
});
