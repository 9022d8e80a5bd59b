import { defineCheck } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { mediaTypeOf } from '../../core/engine/exchange.js';

interface Probe {
  /** The header as the guide writes it, and the response header that shows whether it was honoured. */
  header: string;
  value: string;
  shows: string;
  url: string;
}

const shown = (exchange: Exchange, shows: string): string =>
  (shows === 'content-type' ? mediaTypeOf(exchange.response) : exchange.response.headers[shows]) ?? 'absent';

export default defineCheck({
  meta: {
    id: 'http.header-names-case-insensitive',
    rule: 'hdr-case',
    severity: 'error',
    writes: false,
    title:
      'Request header names are case-insensitive: ACCEPT-LANGUAGE, accept-language and Accept-Language mean the same',
    messages: {
      caseMatters:
        'GET {{url}} with {{variant}}: {{value}} answered {{status}} ({{shows}}: {{got}}), but with {{header}}: {{value}} it answered {{expectedStatus}} ({{shows}}: {{expected}}).',
    },
  },
  appliesTo: 'api',
  requires: {
    what: 'collection or document',
    test: (_api, target) => target.collections.length > 0 || target.documents.length > 0,
  },
  async run(ctx) {
    const document = ctx.target.documents.find((d) => d.absentId !== undefined || d.sampleIds.length > 0);
    const collection = ctx.target.collections[0];
    const documentUrl = document ? document.url(document.absentId ?? document.sampleIds[0] ?? '') : undefined;
    const collectionUrl = collection?.firstPage({ pageSize: 1 });
    const url = documentUrl ?? collectionUrl ?? '/';
    const probes: Probe[] = [
      // A problem (absent id) is localized: a header that was not recognised falls back to the default language.
      { header: 'Accept-Language', value: 'fr', shows: 'content-language', url },
      // An unacceptable type answers 406; an Accept that was not recognised would be served JSON with 200.
      { header: 'Accept', value: 'application/xml', shows: 'content-type', url: collectionUrl ?? url },
    ];
    for (const probe of probes) {
      // Each spelling goes out exactly as written (the engine lower-cases names otherwise).
      const variants = [probe.header, probe.header.toUpperCase(), probe.header.toLowerCase()];
      const [canonical, upper, lower] = (await Promise.all(
        variants.map((name) => ctx.get(probe.url, { headers: { [name]: probe.value }, exactHeaderNames: true })),
      )) as [Exchange, Exchange, Exchange];
      const others = [upper, lower];
      for (const [index, other] of others.entries()) {
        const same =
          other.response.status === canonical.response.status &&
          shown(other, probe.shows) === shown(canonical, probe.shows);
        ctx.expect(
          same,
          'caseMatters',
          {
            url: other.request.url,
            variant: variants[index + 1],
            header: probe.header,
            value: probe.value,
            shows: probe.shows,
            status: other.response.status,
            got: shown(other, probe.shows),
            expectedStatus: canonical.response.status,
            expected: shown(canonical, probe.shows),
          },
          canonical,
          other,
        );
      }
    }
  },
});
