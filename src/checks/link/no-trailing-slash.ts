import { defineCheck } from '../../core/engine/define-check.js';
import { allLinkSources, linkCause, readLinkPaths } from '../support/gather-links.js';
import { Causes } from '../support/traffic.js';

export default defineCheck({
  meta: {
    id: 'link.no-trailing-slash',
    rule: 'uri-notat',
    severity: 'error',
    writes: false,
    evidence: 'traffic',
    title: 'No returned link has a path ending in a slash',
    messages: {
      trailingSlash: '{{url}} returned `{{pointer}}` = {{value}}, whose path ends with a slash{{also}}.',
    },
  },
  appliesTo: 'api',
  async run(ctx) {
    const links = await readLinkPaths(ctx, await allLinkSources(ctx));
    const causes = new Causes(ctx, (messageId, data) => linkCause(messageId, data['pointer']));
    if (links.length === 0) ctx.skip('no returned link was a URI');
    for (const { path, source, pointer, value } of links) {
      // The root path `/` alone is not a trailing slash.
      causes.expect(
        path === '/' || !path.endsWith('/'),
        'trailingSlash',
        { url: source.request.url, pointer, value },
        source,
      );
    }
    causes.flush();
  },
});
