import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/http/last-modified-with-etag.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';

const LAST_MODIFIED = 'Tue, 04 Jun 2024 10:00:00 GMT';
const document = /^\/employers\/[0-9]+$/;

testCheck(check, {
  valid: [
    // Its documents carry Last-Modified next to the ETag.
    { name: 'reference server', server: reference() },
  ],
  invalid: [
    {
      name: 'a document with Last-Modified and no ETag',
      server: reference({
        mutate: (req, res) => {
          if (document.test(req.path)) {
            res.headers['last-modified'] = LAST_MODIFIED;
            delete res.headers['etag'];
          }
        },
      }),
      findings: ['lastModifiedOnly'],
    },
  ],
});

describe('http.last-modified-with-etag where no answer carries Last-Modified', () => {
  it('skips as not applicable, saying so, and does not pass (nor count in the score)', async () => {
    const report = await runOne(
      check,
      reference({
        mutate: (_req, res) => {
          delete res.headers['last-modified'];
        },
      }),
    );
    expect(report.results.map((r) => r.status)).toEqual(['skip']);
    expect(report.results[0]?.message).toMatch(/^not applicable: none of the \d+ answers read carried Last-Modified$/);
    expect(report.coverage?.score).toBeUndefined();
  });
});
