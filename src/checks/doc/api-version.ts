import { defineCheck } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { isObject } from '../../core/util/json.js';

// api-version: a version is major.minor[.patch]; only the major is in the base URL (`/v1`); info.version MUST be there.
const VERSION = /^(\d+)\.(\d+)(?:\.(\d+))?(?:[-+][0-9A-Za-z.-]+)?$/;
const MAJOR_SEGMENT = /^v(\d+)$/;

export default defineCheck({
  meta: {
    id: 'doc.api-version',
    rule: 'api-version',
    severity: 'warning',
    writes: false,
    title:
      "The published document's info.version is major.minor[.patch], with the major version the base URL ends in (/v1)",
    messages: {
      noVersion: "The API's OpenAPI document ({{source}}) has no info.version.",
      badVersion: 'The API\'s OpenAPI document ({{source}}) gives info.version "{{version}}", not major.minor[.patch].',
      mismatch:
        'The base URL {{base}} says v{{path}}, but the OpenAPI document ({{source}}) gives info.version "{{version}}" (major {{major}}).',
    },
  },
  appliesTo: 'api',
  async run(ctx, api) {
    // The document the API publishes describes the version deployed; else the one given with --openapi.
    const published = await ctx.get(api.openapiJson, { credentials: false, headers: { accept: 'application/json' } });
    const own =
      published.response.status === 200 && isObject(published.response.json) ? published.response.json : undefined;
    const document = own ?? ctx.target.api.contract;
    if (!document) {
      return ctx.skip(
        `no OpenAPI document to read the version from: GET ${published.request.url} answered ${published.response.status} without a JSON document, and none was given with --openapi`,
      );
    }
    const source = own ? published.request.url : 'given with --openapi';
    const evidence: Exchange[] = [published];
    const info = document['info'];
    const version = isObject(info) ? info['version'] : undefined;
    if (
      !ctx.expect(typeof version === 'string' && version !== '', 'noVersion', { source }, ...evidence) ||
      typeof version !== 'string'
    )
      return;
    const parsed = VERSION.exec(version);
    if (!ctx.expect(parsed !== null, 'badVersion', { source, version }, ...evidence) || !parsed) return;
    const major = Number(parsed[1]);
    // A base URL that does not end in /v<major> is link.base-url-format's finding: one finding per cause.
    const last = new URL(ctx.baseUrl).pathname.split('/').filter(Boolean).at(-1) ?? '';
    const segment = MAJOR_SEGMENT.exec(last);
    if (!segment)
      return ctx.skip(
        `the base URL ${ctx.baseUrl} does not end in /v<major>, so there is no version to compare: see link.base-url-format`,
      );
    const path = Number(segment[1]);
    ctx.expect(path === major, 'mismatch', { base: ctx.baseUrl, path, source, version, major }, ...evidence);
  },
});
