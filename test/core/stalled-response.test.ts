// An answer whose headers came but whose body stalls past the timeout fails the check that met it; only what
// never answered at all is errored.
import { describe, expect, it } from 'vitest';
import malformed400 from '../../src/checks/id/malformed-400.js';
import type { AnyCheck } from '../../src/core/engine/define-check.js';
import type { Profile } from '../../src/core/profile/profile.js';
import { runChecks } from '../../src/core/engine/runner.js';
import { sendJson, startFixture } from '../helpers/fixture-server.js';

const PROFILE: Profile = { documents: [{ path: '/things/{id}', sampleIds: ['1'], malformedIds: ['abc'] }] };
const TIMEOUT_MS = 300;
// Longer than the timeout, and bounded: the server ends the answer itself after it.
const STALL_MS = 2000;

/** A server whose answer to the malformed id is a 400 that stalls after its headers, or that never starts. */
async function start(mode: 'stalls after the headers' | 'never answers') {
  const timers = new Set<NodeJS.Timeout>();
  const server = await startFixture((req, res) => {
    if (req.url !== '/things/abc') return sendJson(res, 200, { id: 1 });
    if (mode === 'stalls after the headers') {
      res.writeHead(400, { 'content-type': 'application/problem+json', 'content-length': '200' });
      res.write('{"type": "urn:problem-type:belgif:badRequest", ');
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      res.destroy();
    }, STALL_MS);
    timers.add(timer);
  });
  return {
    url: server.url,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      await server.close();
    },
  };
}

describe('a response that starts and then stalls', () => {
  it('is a failure of the check being run, with the partial answer as evidence', async () => {
    const server = await start('stalls after the headers');
    try {
      const started = performance.now();
      const report = await runChecks([malformed400 as AnyCheck], PROFILE, {
        baseUrl: server.url,
        timeoutMs: TIMEOUT_MS,
        deadlineMs: 10_000,
      });
      expect(performance.now() - started).toBeLessThan(STALL_MS);
      expect(report.results.map((r) => [r.id, r.status, r.messageId])).toEqual([
        ['id.malformed-400', 'fail', 'stalled'],
      ]);
      const [result] = report.results;
      expect(result?.message).toMatch(
        /^GET http:\S+\/things\/abc answered 400 and sent its headers, but its body did not complete within 300 ms \(\d+ bytes came\)/,
      );
      expect(result?.evidence[0]?.response?.status).toBe(400);
      expect(report.summary.errored).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('stays errored when nothing answered at all', async () => {
    const server = await start('never answers');
    try {
      const report = await runChecks([malformed400 as AnyCheck], PROFILE, {
        baseUrl: server.url,
        timeoutMs: TIMEOUT_MS,
        deadlineMs: 10_000,
      });
      expect(report.results.map((r) => [r.id, r.status])).toEqual([['id.malformed-400', 'error']]);
      expect(report.results[0]?.message).toMatch(/no complete response within 300 ms/);
    } finally {
      await server.close();
    }
  });
});
