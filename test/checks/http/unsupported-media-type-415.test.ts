import check from '../../../src/checks/http/unsupported-media-type-415.js';
import { fixture, reference, testCheck } from '../../helpers/check-harness.js';
import { sendJson } from '../../helpers/fixture-server.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'text/plain answered 400',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'POST' && res.status === 415) res.status = 400;
        },
      }),
      findings: ['not415'],
    },
    {
      name: 'text/plain accepted and created (then cleaned up)',
      server: fixture((req, res) => {
        if (req.method === 'POST') sendJson(res, 201, {}, { location: '/employers/1' });
        else res.writeHead(204).end();
      }),
      findings: ['not415'],
    },
  ],
});
