import { confirming } from '../support/confirm.js';
import type { DocumentTarget } from '../../core/profile/target.js';
import { defineCheck } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { holdDocument } from '../support/document-lock.js';
import { exchangeData } from '../support/provoke-errors.js';
import { fingerprint } from '../support/fingerprint.js';

const isNumeric = (id: string): boolean => /^[0-9]+$/.test(id);

const MESSAGES = {
  serverError:
    '{{method}} {{url}} (id {{id}} with a leading zero) answered {{status}}: a malformed id must be refused with 4xx.',
  otherResource: '{{method}} {{url}} (id {{id}} with a leading zero) answered a different resource than {{canonical}}.',
  unexpectedStatus:
    '{{method}} {{url}} (id {{id}} with a leading zero) answered {{status}}, neither the resource nor a refusal.',
} as const;

export default defineCheck({
  meta: {
    id: 'id.leading-zeros',
    rule: 'id-numer',
    severity: 'warning',
    writes: false,
    title: 'A numeric id with a leading zero resolves to the same resource or is refused with 4xx, never 5xx',
    messages: MESSAGES,
  },
  appliesTo: 'document',
  requires: { what: 'document with a numeric sample id', test: (document) => document.sampleIds.some(isNumeric) },
  // Shared data may move under other clients: a fault counts when a re-read repeats it.
  run: confirming(MESSAGES, async (ctx, document: DocumentTarget) => {
    const id = document.sampleIds.find(isNumeric) as string;
    // The two reads are compared: no write of this run may come between them.
    await holdDocument(ctx, document.url(id), 'read');
    const canonical = await ctx.get(document.url(id));
    if (canonical.response.status !== 200)
      return ctx.skip(`GET ${document.url(id)} answered ${canonical.response.status}`);
    let padded: Exchange = await ctx.get(document.url(`0${id}`));
    // A redirect to the canonical URI is a fine way to resolve it.
    padded = (await ctx.followRedirect(padded)) ?? padded;
    const { status } = padded.response;
    const data = { ...exchangeData(padded), id: `0${id}`, canonical: canonical.request.url };
    if (!ctx.expect(status < 500, 'serverError', data, padded)) return;
    if (status >= 400) return ctx.pass();
    if (!ctx.expect(status === 200, 'unexpectedStatus', data, padded)) return;
    if (fingerprint(padded.response.json) === fingerprint(canonical.response.json)) return ctx.pass();
    // Another client may have changed the resource between the two reads: the padded id also names
    // it when its answer is what the canonical URI answers after it.
    const after = await ctx.get(document.url(id));
    const same =
      after.response.status === 200 && fingerprint(padded.response.json) === fingerprint(after.response.json);
    // The canonical id read twice differs too: the API's answers vary (random data), so the zero shows nothing.
    if (!same && fingerprint(after.response.json) !== fingerprint(canonical.response.json)) {
      return ctx.skip(
        `the API's answers vary between identical requests (GET ${canonical.request.url} twice), so a difference shows nothing about the leading zero`,
      );
    }
    ctx.expect(same, 'otherResource', data, padded, canonical, after);
  }),
});
