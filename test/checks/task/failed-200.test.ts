import check from '../../../src/checks/task/failed-200.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import type { MutableResponse } from '../../helpers/proxy.js';
import { WRITE_PROFILE } from '../create/support/write-profile.js';
import { stuckTasks, withTask } from './support/stuck-task.js';

const onFailed = (change: (res: MutableResponse, status: Record<string, unknown>) => void) =>
  reference({
    taskDelayMs: 50,
    mutate: (req, res) => {
      if (
        req.method !== 'GET' ||
        !req.path.startsWith('/images/tasks/') ||
        !isObject(res.json) ||
        !isObject(res.json['status'])
      )
        return;
      if (res.json['status']['state'] === 'failed') change(res, res.json['status']);
    },
  });

testCheck(check, {
  valid: [{ name: 'reference server (default delay)', server: reference(), profile: WRITE_PROFILE }],
  invalid: [
    {
      name: 'the failing task never ends (maxWait 600 ms)',
      server: stuckTasks(),
      profile: withTask({ maxWait: 600 }),
      findings: ['neverEnded'],
    },
    {
      name: 'failed task answered 500',
      server: onFailed((res) => {
        res.status = 500;
      }),
      profile: WRITE_PROFILE,
      findings: ['not200'],
    },
    {
      name: 'completed missing',
      server: onFailed((_res, status) => {
        delete status['completed'];
      }),
      profile: WRITE_PROFILE,
      findings: ['badCompleted'],
    },
    {
      name: 'problem type not absolute',
      server: onFailed((_res, status) => {
        if (isObject(status['problem'])) status['problem']['type'] = 'unprocessableImage';
      }),
      profile: WRITE_PROFILE,
      findings: ['badProblem'],
    },
    {
      name: 'problem missing',
      server: onFailed((_res, status) => {
        delete status['problem'];
      }),
      profile: WRITE_PROFILE,
      findings: ['badProblem'],
    },
    {
      name: 'failing input ends done',
      server: reference({
        taskDelayMs: 50,
        mutate: (req, res) => {
          if (
            req.method === 'GET' &&
            isObject(res.json) &&
            isObject(res.json['status']) &&
            res.json['status']['state'] === 'failed'
          )
            res.json['status']['state'] = 'done';
        },
      }),
      profile: WRITE_PROFILE,
      findings: ['notFailed'],
    },
  ],
});
