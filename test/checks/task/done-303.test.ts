import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/task/done-303.js';
import { isObject } from '../../../src/core/util/json.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import type { MutableResponse } from '../../helpers/proxy.js';
import { WRITE_PROFILE } from '../create/support/write-profile.js';
import { stuckTasks, withTask } from './support/stuck-task.js';

const NO_OUTPUT = withTask({ output: false });

const onDone = (change: (res: MutableResponse) => void) =>
  reference({
    taskDelayMs: 50,
    mutate: (req, res) => {
      if (req.method === 'GET' && req.path.startsWith('/images/tasks/') && res.status === 303) change(res);
    },
  });

const status = (res: MutableResponse): Record<string, unknown> =>
  isObject(res.json) && isObject(res.json['status']) ? res.json['status'] : {};

testCheck(check, {
  valid: [
    { name: 'reference server (default delay)', server: reference(), profile: WRITE_PROFILE },
    {
      name: 'a task without output: 200 done, no Location',
      server: onDone((res) => {
        res.status = 200;
        delete res.headers['location'];
      }),
      profile: NO_OUTPUT,
    },
  ],
  invalid: [
    {
      name: 'a task with output (declared) answers 200 without Location',
      server: onDone((res) => {
        res.status = 200;
        delete res.headers['location'];
      }),
      profile: WRITE_PROFILE,
      findings: ['noOutput'],
    },
    {
      name: 'a task that never finishes (maxWait 600 ms)',
      server: stuckTasks(),
      profile: withTask({ maxWait: 600 }),
      findings: ['neverEnded'],
    },
    {
      name: '200 with the output Location',
      server: onDone((res) => {
        res.status = 200;
      }),
      profile: WRITE_PROFILE,
      findings: ['not303'],
    },
    {
      name: '303 without Location',
      server: onDone((res) => {
        delete res.headers['location'];
      }),
      profile: WRITE_PROFILE,
      findings: ['noLocation'],
    },
    {
      name: 'output that does not exist',
      server: onDone((res) => {
        res.headers['location'] = `${res.headers['location'] ?? ''}999`;
      }),
      profile: WRITE_PROFILE,
      findings: ['outputMissing'],
    },
    {
      name: 'completed without a zone',
      server: onDone((res) => {
        status(res)['completed'] = '2024-01-01 10:00';
      }),
      profile: WRITE_PROFILE,
      findings: ['badCompleted'],
    },
    {
      name: 'state other than done',
      server: onDone((res) => {
        status(res)['state'] = 'finished';
      }),
      profile: WRITE_PROFILE,
      findings: ['notDone'],
    },
  ],
});

describe('task.done-303 polling', () => {
  it('honours pollAfter but never waits more than 2 s for one poll', async () => {
    // pollAfter an hour ahead: a poller that believed it would hang. One capped wait, then the task is done.
    let polls = 0;
    const farAhead = reference({
      mutate: (req, res) => {
        if (req.method === 'GET' && req.path.startsWith('/images/tasks/')) polls++;
        if (status(res)['pollAfter'] !== undefined)
          status(res)['pollAfter'] = new Date(Date.now() + 3_600_000).toISOString();
      },
    });
    const report = await runOne(check, farAhead, WRITE_PROFILE);
    expect(report.results.map((r) => r.status)).toEqual(['pass']);
    expect(polls).toBe(1);
  });

  it('without a maxWait, gives a stuck task ten of its pollAfter intervals (at least 5 s), then fails with the polls', async () => {
    const report = await runOne(check, stuckTasks(100), WRITE_PROFILE);
    const [result] = report.results;
    expect(report.results.map((r) => `${r.status} ${r.messageId}`)).toEqual(['fail neverEnded']);
    expect(result?.message).toMatch(/allowed 5\d{3} ms: 10 times its longest pollAfter/);
    expect(result?.evidence.length).toBeGreaterThanOrEqual(3);
  });

  it('stops at the run deadline when it comes before maxWait, and fails saying so', async () => {
    const running = await stuckTasks().start();
    try {
      const report = await runChecks([check], withTask({ maxWait: 600_000 }), {
        baseUrl: running.url,
        allowWrites: true,
        timeoutMs: 2000,
        deadlineMs: 3000,
      });
      expect(report.results.map((r) => `${r.status} ${r.messageId}`)).toEqual(['fail neverEnded']);
      expect(report.results[0]?.message).toMatch(/--deadline/);
    } finally {
      await running.close();
    }
  });

  it('follows a short pollAfter without busy polling', async () => {
    let polls = 0;
    const counted = reference({
      taskDelayMs: 300,
      mutate: (req) => {
        if (req.method === 'GET' && req.path.startsWith('/images/tasks/')) polls++;
      },
    });
    const report = await runOne(check, counted, WRITE_PROFILE);
    expect(report.results.map((r) => r.status)).toEqual(['pass']);
    expect(polls).toBeLessThanOrEqual(3);
  });
});
