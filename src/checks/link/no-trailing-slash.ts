import { defineCheck } from '../../core/define-check.js';
import { readLinks } from './support/gather-links.js';

/** The path of a link, absolute or relative; the root path `/` alone is not a trailing slash. */
function pathOf(value: string, base: string): string | undefined {
  try { return new URL(value, base).pathname; } catch { return undefined; }
}

export default defineCheck({
  meta: {
    id: 'link.no-trailing-slash', rule: 'uri-notat', severity: 'error', writes: false,
    title: 'No returned link has a path ending in a slash',
    messages: {
      trailingSlash: '{{url}} returned `{{pointer}}` = {{value}}, whose path ends with a slash.',
    },
  },
  appliesTo: 'api',
  async run(ctx) {
    let judged = 0;
    for (const link of await readLinks(ctx)) {
      if (typeof link.value !== 'string') continue;
      const path = pathOf(link.value, link.source.request.url);
      if (path === undefined) continue;
      judged++;
      ctx.expect(path === '/' || !path.endsWith('/'), 'trailingSlash', { url: link.source.request.url, pointer: link.pointer, value: link.value }, link.source);
    }
    if (judged === 0) ctx.skip('no returned link was a URI');
  },
});
