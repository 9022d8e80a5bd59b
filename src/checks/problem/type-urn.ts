import { defineCheck } from '../../core/engine/define-check.js';
import { isObject } from '../../core/util/json.js';
import { exchangeData, isProblem, provokeErrors } from '../support/provoke-errors.js';
import { Causes, errorAnswers } from '../support/traffic.js';

// urn:problem-type:<org>[:<api>]:<type>; issue types put input-validation before the api.
const PROBLEM_URN = /^urn:problem-type:[a-z0-9-]+(:[a-zA-Z0-9-]+)*:[a-z][a-zA-Z0-9]*$/;

export default defineCheck({
  meta: {
    id: 'problem.type-urn',
    rule: 'prb-type',
    severity: 'warning',
    writes: false,
    evidence: 'traffic',
    title: 'Problem and issue types are URNs urn:problem-type:<org>[:<api>]:<lowerCamelCaseType>',
    messages: {
      notUrn:
        '{{method}} {{url}} answered {{status}} with {{where}} type "{{type}}", not of the form urn:problem-type:<org>[:<api>]:<lowerCamelCaseType>{{also}}.',
    },
  },
  appliesTo: 'api',
  async run(ctx) {
    // Generated or per-answer types are one cause: the scheme tells the kinds of fault apart.
    const causes = new Causes(
      ctx,
      (id, data) =>
        `${id} ${String(data['where'])} ${/^[a-z][a-z0-9+.-]*:/i.exec(String(data['type']))?.[0].toLowerCase() ?? 'relative'}`,
    );
    let judged = 0;
    for (const exchange of await errorAnswers(ctx, await provokeErrors(ctx))) {
      const body = exchange.response.json;
      // A ZodError's issues carry `type: "number"` (a bound's type): only a problem's issues have problem types.
      if (!isObject(body) || !isProblem(exchange, body)) continue;
      const types: Array<[string, unknown]> = [['problem', body['type']]];
      if (Array.isArray(body['issues']))
        for (const issue of body['issues']) if (isObject(issue)) types.push(['issue', issue['type']]);
      for (const [where, type] of types) {
        if (typeof type !== 'string') continue;
        judged++;
        causes.expect(PROBLEM_URN.test(type), 'notUrn', { ...exchangeData(exchange), where, type }, exchange);
      }
    }
    causes.flush();
    if (judged === 0) ctx.skip('no error response carried a problem with a string `type`');
  },
});
