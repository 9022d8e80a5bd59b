import { valueAtDotted } from '../../core/util/json.js';
import { sameOriginLocation } from '../support/created-document.js';
import { show } from '../support/same-json.js';
import {
  isZonedDateTime,
  pollEvidence,
  pollUntilEnded,
  stateOf,
  defineSubmittedTaskCheck,
} from './support/poll-task.js';

export default defineSubmittedTaskCheck({
  meta: {
    id: 'task.done-303',
    rule: 'lng-task',
    severity: 'error',
    writes: true,
    title: 'A finished task answers 303 with the Location of its output and a done status with `completed`',
    messages: {
      neverEnded:
        'GET {{url}}: the task was still processing after {{waited}} ms and {{polls}} polls (allowed {{allowed}} ms: {{bound}}).',
      noOutput:
        'GET {{url}} of the done task answered 200 without a Location, but the task has an output (profile `output: true`): 303 with the Location of the output.',
      notDone:
        'GET {{url}} of the finished task answered {{status}} with `status.state` = {{state}} instead of 303 and "done".',
      not303:
        'GET {{url}} of the done task answered {{status}} with a Location instead of 303 (200 is for a task without output).',
      noLocation: 'GET {{url}} of the done task answered 303 without a Location (the URI of the output).',
      outputMissing: 'GET {{location}} (the output of the done task) answered {{status}} instead of 200.',
      badCompleted:
        'GET {{url}} of the done task answered `status.completed` = {{value}}, not an ISO-8601 date-time with Z or an offset.',
    },
  },
  async run(ctx, task, submitted) {
    const polled = await pollUntilEnded(ctx, task, submitted.url, submitted.exchange);
    const { last, ended } = polled;
    if (!ended) {
      const data = {
        url: submitted.url,
        waited: polled.waitedMs,
        polls: polled.polls.length,
        allowed: polled.allowedMs,
        bound: polled.bound,
      };
      return ctx.report('neverEnded', data, ...pollEvidence(submitted.exchange, polled));
    }
    const { status, headers } = last.response;
    const state = stateOf(last);
    const url = submitted.url;
    if (
      !ctx.expect(
        state === 'done' && (status === 303 || status === 200),
        'notDone',
        { url, status, state: show(state) },
        last,
      )
    )
      return;
    const completed = valueAtDotted(last.response.json, 'status.completed');
    ctx.expect(isZonedDateTime(completed), 'badCompleted', { url, value: show(completed) }, last);
    // 200 without Location: a task without output (spec); with a Location, the output calls for a 303.
    if (status === 200 && headers['location'] !== undefined) return ctx.report('not303', { url, status }, last);
    if (status === 200) return void ctx.expect(task.output !== true, 'noOutput', { url }, last);
    if (!ctx.expect(headers['location'] !== undefined, 'noLocation', { url }, last)) return;
    // An output on another origin is refused by the engine, which fails the check with this poll as evidence.
    const location = sameOriginLocation(ctx, last) ?? resolved(headers['location'], url);
    if (!location) return ctx.skip(`the output Location ${headers['location'] ?? ''} is not a URI`);
    const output = await ctx.get(location);
    ctx.expect(
      output.response.status === 200,
      'outputMissing',
      { location, status: output.response.status },
      last,
      output,
    );
  },
});

function resolved(location: string | undefined, base: string): string | undefined {
  try {
    return location === undefined ? undefined : new URL(location, base).href;
  } catch {
    return undefined;
  }
}
