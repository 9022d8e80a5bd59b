import { defineCheck } from '../../core/engine/define-check.js';
import { judgeLinkPaths } from '../support/gather-links.js';

/** A file extension on the last segment; it must hold a letter, so a decimal id such as `2.5` is not one. */
const EXTENSION = /\.(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]+$/;
/** The guide's own exceptions: the OpenAPI document in both formats. */
const ALLOWED = ['/doc/openapi.json', '/doc/openapi.yaml'];

export default defineCheck({
  meta: {
    id: 'link.no-extensions',
    rule: 'uri-extens',
    severity: 'warning',
    writes: false,
    evidence: 'traffic',
    title: 'No returned link has a file extension in its path (except /doc/openapi.json and /doc/openapi.yaml)',
    messages: {
      extension:
        '{{url}} returned `{{pointer}}` = {{value}}, whose path ends in the file extension {{extension}}{{also}}.',
    },
  },
  appliesTo: 'api',
  async run(ctx) {
    await judgeLinkPaths(ctx, 'extension', (path) => {
      const last = path.split('/').at(-1) ?? '';
      const extension = ALLOWED.some((allowed) => path.endsWith(allowed)) ? undefined : EXTENSION.exec(last)?.[0];
      return extension === undefined ? undefined : { extension };
    });
  },
});
