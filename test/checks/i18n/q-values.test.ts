import { expect, it } from 'vitest';
import check from '../../../src/checks/i18n/q-values.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [{
    name: 'the first range listed wins, whatever its q',
    server: reference({
      mutate: (req, res) => {
        const accept = String(req.headers['accept-language'] ?? '');
        if (accept.includes('q=')) res.headers['content-language'] = accept.split(/[;,]/)[0]?.trim() ?? '';
      },
    }),
    findings: ['wrongLanguage'],
  }],
});

it('i18n.q-values skips an API not served in both nl and fr', async () => {
  const report = await runOne(check, reference({ mutate: (_req, res) => { res.headers['content-language'] = 'en'; } }));
  expect(report.results.map((r) => r.status)).toEqual(['skip']);
});
