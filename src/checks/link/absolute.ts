import { defineCheck } from '../../core/engine/define-check.js';
import { absoluteHttp, allLinkSources, linkCause, readLinks } from '../support/gather-links.js';
import { Causes } from '../support/traffic.js';

/** Root members that name the answer itself or its pages: never outside the API's origin. */
const OWN_LINKS = new Set(['self', 'next', 'prev', 'first', 'last']);

/** The form of a link that is no absolute URI: a path from the root (`/v1/x`), a relative path, or another. */
const hrefForm = (href: string | undefined): string | undefined =>
  href === undefined
    ? undefined
    : href.startsWith('//')
      ? 'network'
      : href.startsWith('/')
        ? 'root'
        : /^[a-z][a-z0-9+.-]*:/i.test(href)
          ? 'scheme'
          : 'relative';

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
  // A null link is a null first: json.no-null's finding when it ran; this check reports it only otherwise. A
  // relative href of the same form as the items' (one base the app builds every href from) is collection.item-href's.
  dependsOn: [
    { check: 'json.no-null', findings: ['nullLink'] },
    {
      check: 'collection.item-href',
      when: ['notAbsolute'],
      findings: ['notAbsolute'],
      anyResource: true,
      pairs: (failure, finding) => {
        const root = hrefForm(/the `href` (\S+), not/.exec(failure.message)?.[1]);
        return root !== undefined && root === hrefForm(/` = "([^"]*)", not an absolute/.exec(finding.message)?.[1]);
      },
    },
  ],
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
