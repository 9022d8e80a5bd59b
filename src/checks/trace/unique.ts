import { defineCheck } from '../../core/engine/define-check.js';
import { UNKNOWN_PATH } from '../support/provoke-errors.js';

export default defineCheck({
  meta: {
    id: 'trace.unique',
    rule: 'trc-header',
    severity: 'warning',
    writes: false,
    title: 'Every response gets a new trace id, also for identical requests',
    messages: {
      repeated: 'Two identical requests GET {{url}} both answered {{header}} {{trace}}.',
    },
  },
  appliesTo: 'api',
  async run(ctx, api) {
    const url = ctx.target.collections[0]?.firstPage() ?? UNKNOWN_PATH;
    const first = await ctx.get(url);
    const second = await ctx.get(url);
    const header = api.traceHeader.toLowerCase();
    const [a, b] = [first.response.headers[header], second.response.headers[header]];
    if (a === undefined || b === undefined)
      return ctx.skip(`no ${api.traceHeader} header to compare (trace.header-present reports it)`);
    ctx.expect(a !== b, 'repeated', { url: first.request.url, header: api.traceHeader, trace: a }, first, second);
  },
});
