import { defineCheck } from '../../core/engine/define-check.js';
import { judgeLinkPaths } from '../support/gather-links.js';

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
    // The root path `/` alone is not a trailing slash.
    await judgeLinkPaths(ctx, 'trailingSlash', (path) => (path === '/' || !path.endsWith('/') ? undefined : {}));
  },
});
