import check from '../../../src/checks/doc/api-version.js';
import { describe, expect, it } from 'vitest';
import { fixture, reference, runOne, testCheck } from '../../helpers/check-harness.js';
import { sendJson } from '../../helpers/fixture-server.js';
import type { Mutator } from '../../helpers/proxy.js';

const version =
  (value: unknown): Mutator =>
  (req, res) => {
    if (req.path === '/doc/openapi.json' && res.json && typeof res.json === 'object') {
      const info = (res.json as { info: Record<string, unknown> }).info;
      if (value === undefined) delete info['version'];
      else info['version'] = value;
    }
  };
/** An API at `basePath` that publishes a document of `version`. */
const publishing = (basePath: string, info: string) =>
  fixture(
    (req, res) => {
      if (req.url === `${basePath}/doc/openapi.json`)
        return sendJson(res, 200, { openapi: '3.0.3', info: { title: 'T', version: info }, paths: {} });
      return sendJson(res, 404, {});
    },
    { basePath },
  );

testCheck(check, {
  valid: [
    { name: 'reference server (/registry/v1, 1.0.0)', server: reference() },
    { name: 'a pre-release version', server: publishing('/api/v2', '2.1.0-rc.1') },
  ],
  invalid: [
    { name: 'no info.version', server: reference({ mutate: version(undefined) }), findings: ['noVersion'] },
    {
      name: 'a version that is no major.minor',
      server: reference({ mutate: version('v1') }),
      findings: ['badVersion'],
    },
    {
      name: "a major that is not the base URL's",
      server: reference({ mutate: version('2.0.0') }),
      findings: ['mismatch'],
    },
    {
      name: "a major of the document that is not the base URL's",
      server: publishing('/api/v1', '2.0'),
      findings: ['mismatch'],
    },
  ],
});

describe('doc.api-version leaves a base URL without /v<major> to link.base-url-format', () => {
  it('skips, pointing there', async () => {
    const report = await runOne(check, publishing('/api', '1.4.2'));
    expect(report.results.map((r) => `${r.status} ${r.message}`)).toEqual([
      expect.stringMatching(
        /^skip the base URL .* does not end in \/v<major>, so there is no version to compare: see link.base-url-format$/,
      ),
    ]);
  });
});
