import check from '../../../src/checks/json/no-null.js';
import { isObject } from '../../../src/core/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

const isDocument = (path: string) => /^\/employers\/\d+$/.test(path);

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'a document property set to null',
      server: reference({
        mutate: (req, res) => {
          if (isDocument(req.path) && isObject(res.json)) res.json['name'] = null;
        },
      }),
      findings: ['nullValue'],
    },
    {
      name: 'a nested null in a problem response',
      server: reference({
        mutate: (_req, res) => {
          if (res.status === 404 && isObject(res.json)) res.json['detail'] = null;
        },
      }),
      findings: ['nullValue'],
    },
  ],
});
