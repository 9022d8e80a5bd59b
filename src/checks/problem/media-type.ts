import { defineCheck } from '../../core/engine/define-check.js';
import { mediaTypeOf, type Exchange } from '../../core/engine/exchange.js';
import { bodyOptional, exchangeData, provokeErrors } from '../support/provoke-errors.js';
import { Causes, errorAnswers } from '../support/traffic.js';

/** A subtype as negotiation compares it: `application/x-yaml` answers `application/yaml` and `text/yaml`. */
const subtypeOf = (type: string): string => (type.split('/')[1] ?? type).replace(/^x-/, '');

/** The media types a request asks for by name (wildcards and q=0 aside); none: the renderer picks. */
function askedTypes(exchange: Exchange): string[] {
  return (exchange.request.headers['accept'] ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => !/;\s*q=0(?:\.0*)?\s*(?:;|$)/.test(part))
    .map((part) => part.split(';')[0]?.trim() ?? '')
    .filter((type) => type !== '' && !type.endsWith('/*'));
}

/** What a request's Accept names, as one key: '' when it names no type (the renderer's default). */
const acceptKey = (exchange: Exchange): string => askedTypes(exchange).join(',');

/**
 * One error renderer whose media type follows the request's Accept (Rails' PublicExceptions: a 404 as JSON, YAML or
 * HTML as asked; WebOb: JSON when asked, HTML when Accept admits it, else plain text): the type it gives each Accept,
 * learnt from the statuses it answered in several types. A status answered in two types to one Accept has more than
 * one handler and teaches nothing; statuses that disagree on an Accept leave no renderer to name.
 */
function negotiatingRenderer(answers: readonly Exchange[]): Map<string, string> | undefined {
  const byStatus = new Map<number, Exchange[]>();
  for (const exchange of answers)
    byStatus.set(exchange.response.status, [...(byStatus.get(exchange.response.status) ?? []), exchange]);
  const renderer = new Map<string, string>();
  for (const exchanges of byStatus.values()) {
    const typeByAccept = new Map<string, string>();
    let follows = true;
    for (const exchange of exchanges) {
      const type = mediaTypeOf(exchange.response) ?? '(none)';
      if ((typeByAccept.get(acceptKey(exchange)) ?? type) !== type) follows = false;
      typeByAccept.set(acceptKey(exchange), type);
    }
    if (!follows || new Set(typeByAccept.values()).size < 2) continue;
    for (const [accept, type] of typeByAccept) {
      if ((renderer.get(accept) ?? type) !== type) return undefined;
      renderer.set(accept, type);
    }
  }
  return renderer.size > 0 ? renderer : undefined;
}

export default defineCheck({
  meta: {
    id: 'problem.media-type',
    rule: 'err-problem',
    severity: 'error',
    writes: false,
    evidence: 'traffic',
    title: 'Error responses carry an application/problem+json body',
    messages: {
      wrongMediaType:
        '{{method}} {{url}} answered {{status}} with Content-Type {{contentType}} instead of application/problem+json{{also}}.',
    },
  },
  appliesTo: 'api',
  async run(ctx) {
    const errors = await errorAnswers(ctx, await provokeErrors(ctx));
    // An error in a media type the API's own successful answers carry is its framework rendering the error like a
    // success (DRF: application/json, and its OpenAPI renderer's type at the document): one handler, one cause.
    // HTML aside: a page that succeeded (a docs UI) says nothing of who wrote an HTML error page.
    const successTypes = new Set(
      ctx
        .traffic()
        .filter((e) => e.response.status >= 200 && e.response.status < 300)
        .map((e) => mediaTypeOf(e.response))
        .filter((type): type is string => type !== undefined && type !== 'text/html'),
    );
    const wrong = errors.filter((e) => !bodyOptional(e) && mediaTypeOf(e.response) !== 'application/problem+json');
    const renderer = negotiatingRenderer(wrong);
    // Each type the one its request named: "as asked"; else the renderer chose by Accept in its own way (WebOb).
    const asked =
      renderer !== undefined &&
      [...renderer].every(
        ([accept, type]) => accept === '' || accept.split(',').some((a) => subtypeOf(a) === subtypeOf(type)),
      );
    const rendered =
      renderer &&
      `${[...new Set(renderer.values())].join(', ')} (${asked ? 'each as its request asked' : "by each request's Accept"})`;
    const causes = new Causes(ctx, (messageId, data) => {
      const type = String(data['contentType']);
      if (data['negotiated'] !== undefined) return `${messageId} negotiated`;
      return `${messageId} ${successTypes.has(type) ? 'rendered like a success' : type}`;
    });
    for (const exchange of errors) {
      if (bodyOptional(exchange)) {
        causes.pass();
        continue;
      }
      const contentType = mediaTypeOf(exchange.response);
      // One renderer, the type each request asked for, whatever the status: one finding naming every type.
      const asAsked = renderer !== undefined && renderer.get(acceptKey(exchange)) === contentType;
      const named = asAsked && rendered ? { contentType: rendered, negotiated: 1 } : {};
      causes.expect(
        contentType === 'application/problem+json',
        'wrongMediaType',
        { ...exchangeData(exchange), contentType: contentType ?? '(none)', ...named },
        exchange,
      );
    }
    causes.flush();
  },
});
