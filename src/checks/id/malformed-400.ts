import { defineCheck } from '../../core/engine/define-check.js';
import { exchangeData } from '../support/provoke-errors.js';
import { ownProblemFaultOrNote, problemResponseFault } from '../support/problem-response.js';
import { problemOf, problemTypeName } from './support/problem-type.js';
import { VALIDATION_STATUS_ROOT } from '../support/validation-status.js';
import { markReportedServerError } from '../support/reported-server-errors.js';

export default defineCheck({
  meta: {
    id: 'id.malformed-400',
    rule: 'stat-codes',
    severity: 'error',
    writes: false,
    title: 'A malformed identifier in the path answers 400 with a badRequest problem (not 404 or 500)',
    messages: {
      not400: '{{method}} {{url}} (malformed id {{id}}) answered {{status}} instead of 400.',
      notProblem: '{{method}} {{url}} answered 400 without a problem body (application/problem+json).',
      notBadRequest: '{{method}} {{url}} answered 400 with problem type {{type}} instead of a badRequest type.',
    },
  },
  appliesTo: 'document',
  // A 422 from the framework's one validation handler is input.declared-params' finding, told once.
  dependsOn: [VALIDATION_STATUS_ROOT],
  requires: { what: 'document with malformed ids', test: (document) => document.malformedIds.length > 0 },
  async run(ctx, document) {
    const ids = document.malformedIds.slice(0, 5);
    const exchanges = await Promise.all(ids.map((id) => ctx.get(document.url(id))));
    // A type that is no problem-type URN at all is problem.type-urn's finding, whatever the status.
    let foreignType: string | undefined;
    let notedApiWide = false;
    // One cause, one finding: the ids answered alike with another status than 400 are one finding naming them.
    const refused = new Map<number, number[]>();
    for (const [index, exchange] of exchanges.entries()) {
      const { status } = exchange.response;
      if (status !== 400) refused.set(status, [...(refused.get(status) ?? []), index]);
    }
    for (const indexes of refused.values()) {
      const first = exchanges[indexes[0] ?? 0] as (typeof exchanges)[number];
      const id = indexes.map((i) => ids[i]).join(', ');
      ctx.report('not400', { ...exchangeData(first), id }, ...indexes.map((i) => exchanges[i] as typeof first));
      // A 5xx to a malformed id is this finding: doc.responses-match-openapi leaves it here.
      for (const i of indexes) markReportedServerError(ctx, 'id.malformed-400', exchanges[i] as typeof first);
    }
    for (const [index, exchange] of exchanges.entries()) {
      const data = { ...exchangeData(exchange), id: ids[index] };
      if (exchange.response.status !== 400) continue;
      ctx.pass();
      // A 400 that is not a problem, as every error of the API, is the problem.* checks' finding (noted once).
      if (problemResponseFault(exchange) !== undefined) {
        if (notedApiWide) continue;
        notedApiWide = (await ownProblemFaultOrNote(ctx, exchange)) === undefined;
        if (notedApiWide) continue;
      }
      const problem = problemOf(exchange);
      if (!ctx.expect(problem !== undefined, 'notProblem', data, exchange)) continue;
      const type = String(problem?.['type']);
      if (!/^urn:problem-type:/.test(type)) {
        foreignType = type;
        continue;
      }
      ctx.expect(problemTypeName(problem) === 'badRequest', 'notBadRequest', { ...data, type }, exchange);
    }
    if (foreignType !== undefined)
      ctx.skip(`the 400 answers are problems of type ${foreignType}, not a problem-type URN (see problem.type-urn)`);
  },
});
