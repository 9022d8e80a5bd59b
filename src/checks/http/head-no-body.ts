import { defineCheck } from '../../core/engine/define-check.js';
import { mediaTypeOf } from '../../core/engine/exchange.js';

export default defineCheck({
  meta: {
    id: 'http.head-no-body',
    rule: 'meth-http',
    severity: 'warning',
    writes: false,
    title: 'HEAD answers as GET does: same status and Content-Type (HTTP framing keeps its body empty)',
    messages: {
      statusDiffers: 'HEAD {{url}} answered {{headStatus}} but GET answered {{getStatus}}.',
      contentTypeDiffers: 'HEAD {{url}} answered Content-Type {{headType}} but GET answered {{getType}}.',
    },
  },
  appliesTo: 'collection',
  async run(ctx, collection) {
    const url = collection.firstPage();
    const [get, head] = [await ctx.get(url), await ctx.head(url)];
    const data = { url: head.request.url, headStatus: head.response.status, getStatus: get.response.status };
    // A HEAD refused outright has no Content-Type of the GET to share: one finding for one cause.
    if (!ctx.expect(head.response.status === get.response.status, 'statusDiffers', data, get, head)) return;
    const [headType, getType] = [mediaTypeOf(head.response) ?? '(none)', mediaTypeOf(get.response) ?? '(none)'];
    ctx.expect(headType === getType, 'contentTypeDiffers', { ...data, headType, getType }, get, head);
  },
});
