import { defineCheck } from '../../core/engine/define-check.js';
import { show } from '../support/same-json.js';
import { stateOf, submit } from './support/poll-task.js';

export default defineCheck({
  meta: {
    id: 'task.accepted-202',
    rule: 'lng-task',
    severity: 'error',
    writes: true,
    title: "Submitting a task answers 202 with the task's Location and a status body in state processing",
    messages: {
      not202: 'POST {{url}} (a task) answered {{status}} instead of 202 Accepted.',
      noLocation: 'POST {{url}} answered 202 without a Location header (the URI of the task).',
      notProcessing: 'POST {{url}} answered 202 with `status.state` = {{state}} instead of "processing".',
    },
  },
  appliesTo: 'task',
  async run(ctx, task) {
    const { exchange } = await submit(ctx, task);
    const url = exchange.request.url;
    if (!ctx.expect(exchange.response.status === 202, 'not202', { url, status: exchange.response.status }, exchange))
      return;
    ctx.expect(exchange.response.headers['location'] !== undefined, 'noLocation', { url }, exchange);
    ctx.expect(stateOf(exchange) === 'processing', 'notProcessing', { url, state: show(stateOf(exchange)) }, exchange);
  },
});
