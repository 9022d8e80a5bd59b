import { defineCheck } from '../../core/engine/define-check.js';
import { valueAtDotted, type JsonValue } from '../../core/util/json.js';
import { problemObjectFault } from '../support/problem-response.js';
import { show } from '../support/same-json.js';
import { isZonedDateTime, pollEvidence, pollUntilEnded, stateOf, submit } from './support/poll-task.js';

export default defineCheck({
  meta: {
    id: 'task.failed-200',
    rule: 'lng-task',
    severity: 'error',
    writes: true,
    title: 'A failed task answers 200 with state failed, `completed` and a problem in `status.problem`',
    messages: {
      neverEnded:
        'GET {{url}}: the task given failing input was still processing after {{waited}} ms and {{polls}} polls (allowed {{allowed}} ms: {{bound}}).',
      not200: 'GET {{url}} of the failed task answered {{status}} instead of 200.',
      notFailed: 'GET {{url}} of a task given failing input ended with `status.state` = {{state}} instead of "failed".',
      badCompleted:
        'GET {{url}} of the failed task answered `status.completed` = {{value}}, not an ISO-8601 date-time with Z or an offset.',
      badProblem: 'GET {{url}} of the failed task answered a `status.problem` that is not a valid problem: {{reason}}.',
    },
  },
  appliesTo: 'task',
  requires: { what: 'task with a failing body', test: (task) => task.failingBody !== undefined },
  async run(ctx, task) {
    const submitted = await submit(ctx, task, task.failingBody as JsonValue);
    if (!submitted.url) {
      return ctx.skip(
        `POST ${task.path} with the failing body answered ${submitted.exchange.response.status}: refused up front, so no failed task to poll`,
      );
    }
    const polled = await pollUntilEnded(ctx, task, submitted.url, submitted.exchange);
    const { last, ended } = polled;
    const url = submitted.url;
    if (!ended) {
      const data = {
        url,
        waited: polled.waitedMs,
        polls: polled.polls.length,
        allowed: polled.allowedMs,
        bound: polled.bound,
      };
      return ctx.report('neverEnded', data, ...pollEvidence(submitted.exchange, polled));
    }
    const state = stateOf(last);
    if (!ctx.expect(state === 'failed', 'notFailed', { url, state: show(state) }, last)) return;
    ctx.expect(last.response.status === 200, 'not200', { url, status: last.response.status }, last);
    const completed = valueAtDotted(last.response.json, 'status.completed');
    ctx.expect(isZonedDateTime(completed), 'badCompleted', { url, value: show(completed) }, last);
    const reason = problemObjectFault(valueAtDotted(last.response.json, 'status.problem'));
    ctx.expect(reason === undefined, 'badProblem', { url, reason }, last);
  },
});
