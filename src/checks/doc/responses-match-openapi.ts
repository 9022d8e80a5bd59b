import { defineCheck } from '../../core/define-check.js';
import { UNKNOWN_PATH } from '../../core/provoke-errors.js';
import { supportsMethod, type Target } from '../../core/target.js';
import { fetchOwnOpenApi } from '../support/api-openapi.js';
import { ContractValidator } from './support/contract-validator.js';
import { judgeExchange } from './support/judge-exchange.js';

const MAX_PROBES = 20;

/** A bounded set of GETs with known outcomes: first pages, a sample, an absent and a malformed id, an unknown URI. */
function probeUrls(target: Target): string[] {
  const urls = target.collections.map((collection) => collection.firstPage({ pageSize: 3 }));
  for (const document of target.documents.filter((d) => supportsMethod(d, 'GET'))) {
    const ids = [document.sampleIds[0], document.absentId, document.malformedIds[0]];
    for (const id of ids) if (id !== undefined) urls.push(document.url(id));
  }
  urls.push(UNKNOWN_PATH);
  return [...new Set(urls)].slice(0, MAX_PROBES);
}

// Severity error although oas-contra is a SHOULD: that rule is about having a contract; once an API
// publishes one, a response contradicting it breaks every client built from it — a defect, not a style.
export default defineCheck({
  meta: {
    id: 'doc.responses-match-openapi', rule: 'oas-contra', severity: 'error', writes: false,
    title: 'Responses match the OpenAPI document (--openapi, else the API\'s own): documented status, media type and schema',
    messages: {
      undocumentedStatus: 'GET {{url}} answered {{status}}, a status {{operation}} does not document (no matching code, range or default).',
      undocumentedMediaType: 'GET {{url}} answered {{status}} with {{mediaType}}, not a media type {{operation}} documents for response {{response}} ({{documented}}).',
      schemaMismatch: 'GET {{url}} answered {{status}} with a {{mediaType}} body that does not match the schema {{operation}} documents for response {{response}}: {{errors}}.',
    },
  },
  appliesTo: 'api',
  async run(ctx, api) {
    // The document given with --openapi is the contract; only without one is the API's own fetched.
    const contract = api.contract ?? await fetchOwnOpenApi(ctx, api);
    if (typeof contract === 'string') return ctx.skip(`${contract}: nothing to hold the responses to`);
    const validator = new ContractValidator(contract);
    const exchanges = await Promise.all(probeUrls(ctx.target).map((url) => ctx.get(url)));
    const notJudged: string[] = [];
    let judged = 0;
    for (const exchange of exchanges) {
      const verdict = judgeExchange(contract, validator, ctx.baseUrl, exchange);
      if (verdict.kind === 'undocumented') notJudged.push(`undocumentedPath ${verdict.what}`);
      else if (verdict.kind === 'unjudged') notJudged.push(verdict.why);
      else {
        judged++;
        if (verdict.kind === 'pass') ctx.pass();
        else ctx.report(verdict.messageId, verdict.data, exchange);
      }
    }
    if (judged === 0) ctx.skip(`no response could be held to the document: ${notJudged.join('; ')}`);
  },
});
