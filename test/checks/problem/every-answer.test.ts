// The checks that judge error answers judge them whatever the request asked to accept: a 406 to
// `Accept: application/xml` is an error answer like any other.
import { describe, expect, it } from 'vitest';
import notAcceptable from '../../../src/checks/http/not-acceptable-406.js';
import mediaType from '../../../src/checks/problem/media-type.js';
import { BUILT_IN_PROFILE } from '../../../src/core/profile/profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { reference, type ServerFactory } from '../../helpers/check-harness.js';

async function run(server: ServerFactory) {
  const running = await server.start();
  try {
    return await runChecks([notAcceptable, mediaType], BUILT_IN_PROFILE, {
      baseUrl: running.url,
      timeoutMs: 5000,
      deadlineMs: 25_000,
    });
  } finally {
    await running.close();
  }
}

describe('error answers whatever Accept asked for', () => {
  it('the reference server answers a problem to Accept: application/xml', async () => {
    const report = await run(reference());
    expect(report.results.filter((r) => r.status !== 'pass').map((r) => r.message)).toEqual([]);
  });

  it('an HTML 406 to Accept: application/xml is judged by problem.media-type', async () => {
    const report = await run(
      reference({
        mutate: (req, res) => {
          if (res.status !== 406 || !String(req.headers['accept']).includes('xml')) return;
          res.headers['content-type'] = 'text/html';
          res.json = undefined;
          res.text = '<html>Not Acceptable</html>';
        },
      }),
    );
    const failed = report.results.filter((r) => r.status === 'fail');
    expect(failed.map((r) => `${r.id} ${r.messageId ?? ''}`)).toEqual([expect.stringMatching(/^problem\.media-type /)]);
    expect(failed[0]?.evidence.some((e) => e.request.headers['accept'] === 'application/xml')).toBe(true);
  });
});
