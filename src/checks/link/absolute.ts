import { defineCheck } from '../../core/engine/define-check.js';
import { absoluteHttp, allLinkSources, linkCause, readLinks } from '../support/gather-links.js';
import { Causes } from '../support/traffic.js';

/** Root members that name the answer itself or its pages: never outside the API's origin. */
const OWN_LINKS = new Set(['self', 'next', 'prev', 'first', 'last']);

export default defineCheck({
  meta: {
    id: 'link.absolute',
    rule: 'hyp-links',
    severity: 'warning',
    writes: false,
    evidence: 'traffic',
    title:
      "Every self, href and paging link is an absolute http(s) URI; root self and paging links stay on the API's origin",
    messages: {
      notAbsolute: '{{url}} returned `{{pointer}}` = {{value}}, not an absolute http(s) URI{{also}}.',
      nullLink:
        '{{url}} returned `{{pointer}}` = null, no link: a link member without a value should be left out{{also}}.',
      otherOrigin:
        '{{url}} returned `{{pointer}}` = {{value}}, on another origin than the API ({{base}}): it names this resource or its pages{{also}}.',
    },
  },
  appliesTo: 'api',
  // A null link is a null first: json.no-null's finding when it ran; this check reports it only otherwise.
  dependsOn: [{ check: 'json.no-null', findings: ['nullLink'] }],
  async run(ctx) {
    const causes = new Causes(ctx, (messageId, data) => linkCause(messageId, data['pointer']));
    const base = new URL(ctx.baseUrl).origin;
    for (const link of await readLinks(ctx, await allLinkSources(ctx))) {
      const data = { url: link.source.request.url, pointer: link.pointer, value: JSON.stringify(link.value) };
      if (link.value === null) {
        causes.report('nullLink', data, link.source);
        continue;
      }
      const url = absoluteHttp(link.value);
      if (!causes.expect(url !== undefined, 'notAbsolute', data, link.source) || url === undefined) continue;
      if (OWN_LINKS.has(link.pointer))
        causes.expect(url.origin === base, 'otherOrigin', { ...data, base }, link.source);
    }
    causes.flush();
  },
});
