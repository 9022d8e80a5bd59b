import { defineCheck } from '../../core/define-check.js';
import { valueAt, type JsonValue } from '../../core/json.js';
import { problemObjectFault } from '../create/support/problem-response.js';
import { show } from '../create/support/same-json.js';
import { isZonedDateTime, MAX_TOTAL_MS, pollUntilEnded, stateOf, submit } from './support/poll-task.js';

export default defineCheck({
  meta: {
    id: 'task.failed-200', rule: 'lng-task', severity: 'error', writes: true,
    title: 'A failed task answers 200 with state failed, `completed` and a problem in `status.problem`',
    messages: {
      not200: 'GET {{url}} of the failed task answered {{status}} instead of 200.',
      notFailed: 'GET {{url}} of a task given failing input ended with `status.state` = {{state}} instead of "failed".',
      badCompleted: 'GET {{url}} of the failed task answered `status.completed` = {{value}}, not an ISO-8601 date-time with Z or an offset.',
      badProblem: 'GET {{url}} of the failed task answered a `status.problem` that is not a valid problem: {{reason}}.',
    },
  },
  appliesTo: 'task',
  requires: { what: 'task with a failing body', test: (task) => task.failingBody !== undefined },
  async run(ctx, task) {
    const submitted = await submit(ctx, task, task.failingBody as JsonValue);
    if (!submitted.url) {
      return ctx.skip(`POST ${task.path} with the failing body answered ${submitted.exchange.response.status}: refused up front, so no failed task to poll`);
    }
    const { last, ended } = await pollUntilEnded(ctx, submitted.url, submitted.exchange);
    if (!ended) return ctx.skip(`the task was still processing after ${MAX_TOTAL_MS / 1000} s`);
    const url = submitted.url;
    const state = stateOf(last);
    if (!ctx.expect(state === 'failed', 'notFailed', { url, state: show(state) }, last)) return;
    ctx.expect(last.response.status === 200, 'not200', { url, status: last.response.status }, last);
    const completed = valueAt(last.response.json, 'status.completed');
    ctx.expect(isZonedDateTime(completed), 'badCompleted', { url, value: show(completed) }, last);
    const reason = problemObjectFault(valueAt(last.response.json, 'status.problem'));
    ctx.expect(reason === undefined, 'badProblem', { url, reason }, last);
  },
});
