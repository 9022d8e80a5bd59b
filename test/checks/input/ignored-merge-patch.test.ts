// An API that never reads a merge patch's body (Express parses application/json only) answers 200 to every PATCH
// sent as application/merge-patch+json, whatever it holds: patch.media-types reports that, and the input checks
// judge their PATCH bodies as application/json instead of reporting each "accepted" bad body again.
import { expect, it } from 'vitest';
import malformedJson from '../../../src/checks/input/malformed-json.js';
import wrongType from '../../../src/checks/input/wrong-type.js';
import unknownBodyProperty from '../../../src/checks/input/unknown-body-property.js';
import patchMediaTypes from '../../../src/checks/patch/media-types.js';
import type { AnyCheck } from '../../../src/core/engine/define-check.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { BUILT_IN_PROFILE } from '../../../src/core/profile/profile.js';
import { reference, type ServerFactory } from '../../helpers/check-harness.js';

/** The reference server behind a parser that sees an empty body for a merge patch, as Express's json() does. */
const expressParser: ServerFactory = reference({
  rewrite: (req) =>
    req.method === 'PATCH' && /merge-patch\+json/.test(String(req.headers['content-type']))
      ? { body: '{}' }
      : undefined,
});

const run = async (server: ServerFactory) => {
  const running = await server.start();
  try {
    const checks = [malformedJson, wrongType, unknownBodyProperty, patchMediaTypes] as AnyCheck[];
    return await runChecks(checks, BUILT_IN_PROFILE, {
      baseUrl: running.url,
      allowWrites: true,
      timeoutMs: 5000,
      deadlineMs: 60_000,
    });
  } finally {
    await running.close();
  }
};

it('an ignored merge patch is patch.media-types’ finding alone', async () => {
  const report = await run(expressParser);
  const failures = report.results.filter((r) => r.status === 'fail').map((r) => `${r.id} ${r.messageId}`);
  expect(failures).toEqual(['patch.media-types ignored']);
  // The input checks judged their PATCH bodies, sent again as application/json.
  const inputs = report.results.filter((r) => r.id.startsWith('input.'));
  expect(inputs.map((r) => r.status)).toEqual(['pass', 'pass', 'pass']);
}, 90_000);

it('the reference server passes them all', async () => {
  const report = await run(reference());
  expect(report.results.filter((r) => r.status !== 'pass').map((r) => `${r.id}: ${r.message}`)).toEqual([]);
}, 90_000);
