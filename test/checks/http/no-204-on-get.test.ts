import check from '../../../src/checks/http/no-204-on-get.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'an empty filtered collection answers 204',
      server: reference({
        mutate: (req, res) => {
          if (req.path.includes('restguideNoSuchValue')) {
            res.status = 204;
            res.json = undefined;
            res.text = '';
            delete res.headers['content-type'];
          }
        },
      }),
      findings: ['noContent'],
    },
  ],
});
