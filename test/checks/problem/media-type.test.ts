import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/problem/media-type.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'errors served as application/json',
      server: reference({
        mutate: (_req, res) => {
          if (res.status >= 400) res.headers['content-type'] = 'application/json';
        },
      }),
      findings: ['wrongMediaType'],
    },
  ],
});

describe('problem.media-type: one handler rendering errors like successes, another writing HTML pages', () => {
  it('reports errors in two of its success media types once, and the HTML error page apart', async () => {
    const report = await runOne(
      check,
      reference({
        mutate: (req, res) => {
          // Django REST framework: the renderer negotiated for /employers writes its answers, errors too (YAML,
          // say); its exception handler's application/json elsewhere; Django's own HTML page for unknown paths.
          if (req.path.includes('restguide')) res.headers['content-type'] = 'text/html';
          else if (req.path === '/employers/5999999999') res.headers['content-type'] = 'application/json';
          else if (req.path.startsWith('/employers')) res.headers['content-type'] = 'application/vnd.oai.openapi';
        },
      }),
    );
    const failed = report.results.filter((r) => r.status === 'fail');
    expect(failed.map((r) => /Content-Type (\S+)/.exec(r.message)?.[1]).sort()).toEqual([
      expect.stringMatching(/^application\/(?:json|vnd\.oai\.openapi)$/),
      'text/html',
    ]);
  });
});
