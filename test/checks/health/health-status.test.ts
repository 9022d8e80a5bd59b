import check from '../../../src/checks/health/health-status.js';
import { fixture, reference, testCheck } from '../../helpers/check-harness.js';
import { sendJson } from '../../helpers/fixture-server.js';

const health = (status: number, body: unknown) =>
  fixture((_req, res) => sendJson(res, status, body), { basePath: '/api' });

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference() },
    { name: 'DOWN with 503', server: health(503, { status: 'DOWN' }) },
  ],
  invalid: [
    {
      name: 'health behind authentication',
      server: health(401, { type: 'urn:problem-type:belgif:noAccessToken' }),
      findings: ['badStatus'],
    },
    { name: 'a JSON array', server: health(200, ['UP']), findings: ['notObject'] },
    { name: 'an unknown status value', server: health(200, { status: 'OK' }), findings: ['badValue'] },
    { name: 'DOWN with 200', server: health(200, { status: 'DOWN' }), findings: ['statusMismatch'] },
  ],
});
