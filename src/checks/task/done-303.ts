import { defineCheck } from '../../core/define-check.js';
import { valueAt } from '../../core/json.js';
import { sameOriginLocation } from '../create/support/created-document.js';
import { show } from '../create/support/same-json.js';
import { isZonedDateTime, MAX_TOTAL_MS, pollUntilEnded, stateOf, submitAccepted } from './support/poll-task.js';

export default defineCheck({
  meta: {
    id: 'task.done-303', rule: 'lng-task', severity: 'error', writes: true,
    title: 'A finished task answers 303 with the Location of its output and a done status with `completed`',
    messages: {
      notDone: 'GET {{url}} of the finished task answered {{status}} with `status.state` = {{state}} instead of 303 and "done".',
      not303: 'GET {{url}} of the done task answered {{status}} with a Location instead of 303 (200 is for a task without output).',
      noLocation: 'GET {{url}} of the done task answered 303 without a Location (the URI of the output).',
      outputMissing: 'GET {{location}} (the output of the done task) answered {{status}} instead of 200.',
      badCompleted: 'GET {{url}} of the done task answered `status.completed` = {{value}}, not an ISO-8601 date-time with Z or an offset.',
    },
  },
  appliesTo: 'task',
  async run(ctx, task) {
    const submitted = await submitAccepted(ctx, task);
    const { last, ended } = await pollUntilEnded(ctx, submitted.url, submitted.exchange);
    if (!ended) return ctx.skip(`the task was still processing after ${MAX_TOTAL_MS / 1000} s`);
    const { status, headers } = last.response;
    const state = stateOf(last);
    const url = submitted.url;
    if (!ctx.expect(state === 'done' && (status === 303 || status === 200), 'notDone', { url, status, state: show(state) }, last)) return;
    const completed = valueAt(last.response.json, 'status.completed');
    ctx.expect(isZonedDateTime(completed), 'badCompleted', { url, value: show(completed) }, last);
    // 200 without Location: a task without output (spec); with a Location, the output calls for a 303.
    if (status === 200) return void ctx.expect(headers['location'] === undefined, 'not303', { url, status }, last);
    if (!ctx.expect(headers['location'] !== undefined, 'noLocation', { url }, last)) return;
    // An output on another origin is refused by the engine, which fails the check with this poll as evidence.
    const location = sameOriginLocation(ctx, last) ?? resolved(headers['location'], url);
    if (!location) return ctx.skip(`the output Location ${headers['location'] ?? ''} is not a URI`);
    const output = await ctx.get(location);
    ctx.expect(output.response.status === 200, 'outputMissing', { location, status: output.response.status }, last, output);
  },
});

function resolved(location: string | undefined, base: string): string | undefined {
  try { return location === undefined ? undefined : new URL(location, base).href; } catch { return undefined; }
}
