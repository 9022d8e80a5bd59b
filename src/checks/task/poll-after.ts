import type { Exchange } from '../../core/engine/exchange.js';
import { valueAtDotted } from '../../core/util/json.js';
import { show } from '../support/same-json.js';
import { isZonedDateTime, stateOf, defineSubmittedTaskCheck } from './support/poll-task.js';

export default defineSubmittedTaskCheck({
  meta: {
    id: 'task.poll-after',
    rule: 'lng-task',
    severity: 'error',
    writes: true,
    title: 'While a task is processing its status has a pollAfter, an ISO-8601 date-time with a zone',
    messages: {
      missingPollAfter: '{{method}} {{url}} answered a processing task without `status.pollAfter`.',
      badPollAfter:
        '{{method}} {{url}} answered `status.pollAfter` = {{value}}, not an ISO-8601 date-time with Z or an offset.',
    },
  },
  async run(ctx, task, submitted) {
    const polled = await ctx.get(submitted.url);
    const processing = [submitted.exchange, polled].filter((exchange) => stateOf(exchange) === 'processing');
    if (processing.length === 0) return ctx.skip('the task was never seen processing');
    for (const exchange of processing) judge(exchange);

    function judge(exchange: Exchange) {
      const data = { method: exchange.request.method, url: exchange.request.url };
      const value = valueAtDotted(exchange.response.json, 'status.pollAfter');
      if (!ctx.expect(value !== undefined, 'missingPollAfter', data, exchange)) return;
      ctx.expect(isZonedDateTime(value), 'badPollAfter', { ...data, value: show(value) }, exchange);
    }
  },
});
