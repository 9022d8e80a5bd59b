import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/task/done-303.js';
import { isObject } from '../../../src/core/json.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import type { MutableResponse } from '../../helpers/proxy.js';
import { WRITE_PROFILE } from '../create/support/write-profile.js';

const onDone = (change: (res: MutableResponse) => void) =>
  reference({ taskDelayMs: 50, mutate: (req, res) => { if (req.method === 'GET' && req.path.startsWith('/images/tasks/') && res.status === 303) change(res); } });

const status = (res: MutableResponse): Record<string, unknown> =>
  (isObject(res.json) && isObject(res.json['status']) ? res.json['status'] : {});

testCheck(check, {
  valid: [
    { name: 'reference server (default delay)', server: reference(), profile: WRITE_PROFILE },
    { name: 'a task without output: 200 done, no Location', server: onDone((res) => { res.status = 200; delete res.headers['location']; }), profile: WRITE_PROFILE },
  ],
  invalid: [
    { name: '200 with the output Location', server: onDone((res) => { res.status = 200; }), profile: WRITE_PROFILE, findings: ['not303'] },
    { name: '303 without Location', server: onDone((res) => { delete res.headers['location']; }), profile: WRITE_PROFILE, findings: ['noLocation'] },
    { name: 'output that does not exist', server: onDone((res) => { res.headers['location'] = `${res.headers['location'] ?? ''}999`; }), profile: WRITE_PROFILE, findings: ['outputMissing'] },
    { name: 'completed without a zone', server: onDone((res) => { status(res)['completed'] = '2024-01-01 10:00'; }), profile: WRITE_PROFILE, findings: ['badCompleted'] },
    { name: 'state other than done', server: onDone((res) => { status(res)['state'] = 'finished'; }), profile: WRITE_PROFILE, findings: ['notDone'] },
  ],
});

describe('task.done-303 polling', () => {
  it('honours pollAfter but never waits more than 2 s for one poll', async () => {
    // pollAfter an hour ahead: a poller that believed it would hang.
    const farAhead = reference({
      mutate: (_req, res) => { if (status(res)['pollAfter'] !== undefined) status(res)['pollAfter'] = new Date(Date.now() + 3_600_000).toISOString(); },
    });
    const started = Date.now();
    const report = await runOne(check, farAhead, WRITE_PROFILE);
    expect(report.results.map((r) => r.status)).toEqual(['pass']);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('follows a short pollAfter without busy polling', async () => {
    let polls = 0;
    const counted = reference({ taskDelayMs: 300, mutate: (req) => { if (req.method === 'GET' && req.path.startsWith('/images/tasks/')) polls++; } });
    const report = await runOne(check, counted, WRITE_PROFILE);
    expect(report.results.map((r) => r.status)).toEqual(['pass']);
    expect(polls).toBeLessThanOrEqual(3);
  });
});
