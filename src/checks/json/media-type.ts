import { defineCheck } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { mediaTypeOf } from '../../core/engine/exchange.js';
import { sampleResponses, WITH_SAMPLE_RESPONSES } from '../support/sample-responses.js';
import { Causes, judgeableTraffic } from '../support/traffic.js';

// application/json, application/problem+json or any other structured-syntax `+json` type (RFC 6839).
const JSON_TYPE = /^application\/([a-z0-9.!#$&^_-]+\+)?json$/;
const UTF8 = /^utf-?8$/i;

/** The charset parameter of a Content-Type, unquoted; undefined when absent. */
function charsetOf(contentType: string): string | undefined {
  for (const parameter of contentType.split(';').slice(1)) {
    const [name, value] = parameter.split('=').map((s) => s.trim());
    if (name?.toLowerCase() === 'charset') return value?.replace(/^"(.*)"$/, '$1');
  }
  return undefined;
}

/** A body that looks like JSON whatever it is labelled: an object or an array. */
function looksLikeJson(text: string): boolean {
  const start = text.replace(/^\uFEFF/, '').trimStart()[0];
  return start === '{' || start === '[';
}

const MESSAGES = {
  notJsonMediaType:
    '{{method}} {{url}} answered {{status}} with a JSON body labelled {{contentType}} instead of application/json or a +json type{{also}}.',
  notUtf8Charset: '{{method}} {{url}} answered {{status}} with Content-Type {{contentType}}: JSON is UTF-8{{also}}.',
  byteOrderMark: '{{method}} {{url}} answered {{status}} with a JSON body starting with a byte order mark{{also}}.',
  invalidUtf8: '{{method}} {{url}} answered {{status}} with a JSON body that is not valid UTF-8{{also}}.',
  notParseable:
    '{{method}} {{url}} answered {{status}} labelled {{contentType}}, but the body does not parse as JSON{{also}}.',
};

export default defineCheck({
  meta: {
    id: 'json.media-type',
    rule: 'rep-struct',
    severity: 'error',
    writes: false,
    evidence: 'traffic',
    title: 'JSON bodies are served as application/json (or a +json type) in UTF-8 and parse as JSON',
    messages: MESSAGES,
  },
  appliesTo: 'api',
  requires: WITH_SAMPLE_RESPONSES,
  async run(ctx) {
    const judged = (await judgeableTraffic(ctx, await sampleResponses(ctx), { representations: true })).filter(
      (e) => e.response.text.trim() !== '' && !e.response.truncated,
    );
    if (judged.length === 0) ctx.skip('no response had a complete body');
    const causes = new Causes(ctx);
    const verdicts = judged.filter((exchange) => judge(causes, exchange));
    causes.flush();
    if (verdicts.length === 0) ctx.skip('no response had a JSON body or a JSON media type');
  },
});

/** Judges one response; false when it is neither labelled nor shaped as JSON (not this rule's business). */
function judge(ctx: Causes<keyof typeof MESSAGES>, exchange: Exchange): boolean {
  const { response } = exchange;
  const contentType = response.headers['content-type'] ?? '';
  const mediaType = mediaTypeOf(response);
  const data = {
    method: exchange.request.method,
    url: exchange.request.url,
    status: response.status,
    contentType: contentType || 'no Content-Type',
  };
  const labelledJson = mediaType !== undefined && JSON_TYPE.test(mediaType);
  // A body that is JSON but labelled otherwise (text/plain, none) breaks the rule; other media types are not ours to judge.
  if (!labelledJson) {
    if (!looksLikeJson(response.text)) return false;
    ctx.report('notJsonMediaType', data, exchange);
    return true;
  }
  const charset = charsetOf(contentType);
  ctx.expect(charset === undefined || UTF8.test(charset), 'notUtf8Charset', data, exchange);
  ctx.expect(!response.text.startsWith('\uFEFF'), 'byteOrderMark', data, exchange);
  // The engine decodes bodies as UTF-8: bytes that are not UTF-8 become U+FFFD, which real JSON data hardly ever holds.
  ctx.expect(!response.text.includes('\uFFFD'), 'invalidUtf8', data, exchange);
  if (!response.text.startsWith('\uFEFF')) ctx.expect(response.json !== undefined, 'notParseable', data, exchange);
  return true;
}
