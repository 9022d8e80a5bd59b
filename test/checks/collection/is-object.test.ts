import check from '../../../src/checks/collection/is-object.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

const onEmployers = (path: string) => path.startsWith('/employers?');

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'the collection is a bare array of its items',
      server: reference({
        mutate: (req, res) => {
          if (onEmployers(req.path) && isObject(res.json)) res.json = res.json['items'];
        },
      }),
      findings: ['notObject'],
    },
    {
      name: 'the collection is served as text/plain',
      server: reference({
        mutate: (req, res) => {
          if (onEmployers(req.path)) res.headers['content-type'] = 'text/plain';
        },
      }),
      findings: ['contentType'],
    },
  ],
});
