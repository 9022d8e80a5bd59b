import { show } from '../support/same-json.js';
import { stateOf, defineSubmittedTaskCheck } from './support/poll-task.js';

export default defineSubmittedTaskCheck({
  meta: {
    id: 'task.processing-200',
    rule: 'lng-task',
    severity: 'error',
    writes: true,
    title: 'GET of a task that is still processing answers 200 with its status (never 202 or 303)',
    messages: {
      not200: 'GET {{url}} of a processing task answered {{status}} instead of 200.',
    },
  },
  async run(ctx, task, submitted) {
    const polled = await ctx.get(submitted.url);
    const state = stateOf(polled);
    // A task that already ended cannot show how a processing one is answered.
    if (state === 'done' || state === 'failed')
      return ctx.skip(`the task had already ended (${show(state)}) at the first poll`);
    ctx.expect(
      polled.response.status === 200 && state === 'processing',
      'not200',
      { url: submitted.url, status: polled.response.status },
      submitted.exchange,
      polled,
    );
  },
});
