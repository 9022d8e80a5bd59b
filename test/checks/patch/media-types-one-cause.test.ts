// One cause, one result (the ninth field pass, Express): body-parser leaving a merge patch unread is one fault
// whatever record it was sent to; the words name the media type and member, not the record's own values.
import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/patch/media-types.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { faultOf } from '../../../src/core/engine/fold-findings.js';
import type { Profile } from '../../../src/core/profile/profile.js';
import type { CheckResult } from '../../../src/core/report/types.js';
import type { ServerFactory } from '../../helpers/check-harness.js';
import { withDocument } from '../create/support/write-profile.js';
import { ignoresPatchBodies } from './support/ignores-patch.js';

async function failed(server: ServerFactory, profile: Profile): Promise<CheckResult[]> {
  const running = await server.start();
  try {
    const report = await runChecks([check], profile, {
      baseUrl: running.url,
      allowWrites: true,
      timeoutMs: 5000,
      deadlineMs: 40_000,
    });
    return report.results.filter((r) => r.status === 'fail');
  } finally {
    await running.close();
  }
}

describe('patch.media-types on two records ignoring the same media type', () => {
  it('tells one fault: the record’s own values stay in the evidence', async () => {
    const named = (name: string) => withDocument((document) => ({ ...document, patch: { name } }));
    const [first] = await failed(ignoresPatchBodies(['application/merge-patch+json']), named('Patched One'));
    const [second] = await failed(ignoresPatchBodies(['application/merge-patch+json']), named('Patched Two'));
    expect([first?.messageId, second?.messageId]).toEqual(['ignored', 'ignored']);
    expect(faultOf(first?.message ?? '')).toBe(faultOf(second?.message ?? ''));
    // What was sent is still shown, in the evidence.
    expect(first?.evidence.map((e) => e.request.body ?? '').join(' ')).toContain('Patched One');
  }, 60_000);
});
