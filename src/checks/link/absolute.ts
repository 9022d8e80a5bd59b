import { defineCheck } from '../../core/define-check.js';
import { absoluteHttp, readLinks } from '../support/gather-links.js';

export default defineCheck({
  meta: {
    id: 'link.absolute', rule: 'hyp-links', severity: 'warning', writes: false,
    title: 'Every self, href and paging link is an absolute http(s) URI',
    messages: {
      notAbsolute: '{{url}} returned `{{pointer}}` = {{value}}, not an absolute http(s) URI.',
    },
  },
  appliesTo: 'api',
  async run(ctx) {
    for (const link of await readLinks(ctx)) {
      ctx.expect(absoluteHttp(link.value) !== undefined, 'notAbsolute', { url: link.source.request.url, pointer: link.pointer, value: JSON.stringify(link.value) }, link.source);
    }
  },
});
