import { defineCheck } from '../../core/engine/define-check.js';
import { mediaTypeOf } from '../../core/engine/exchange.js';
import { isObject } from '../../core/util/json.js';
import { exchangeData } from '../support/provoke-errors.js';
import { PROBLEM_MEDIA_TYPE_ROOT } from '../support/problem-response.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { readSelectSubject, selectPath, SUPPORTS_SELECT } from './support/select-subject.js';

export default defineCheck({
  meta: {
    id: 'select.malformed-400',
    rule: 'res-repres',
    severity: 'warning',
    writes: false,
    title: 'A `select` value outside the grammar answers 400 with a problem',
    messages: {
      not400: '{{method}} {{url}} (select {{select}} breaks the grammar) answered {{status}} instead of 400.',
      notProblem:
        '{{method}} {{url}} answered 400 with {{contentType}} instead of a problem (application/problem+json){{also}}.',
      issueNotInQuery: '{{method}} {{url}} answered 400 with issues, none of them located in the query.',
    },
  },
  appliesTo: 'document',
  requires: SUPPORTS_SELECT,
  // A framework's 400 handler that writes no problem is problem.media-type's one finding (Sails' res.badRequest).
  dependsOn: [PROBLEM_MEDIA_TYPE_ROOT],
  async run(ctx, document) {
    const subject = await readSelectSubject(ctx, document);
    // Real property names, so only the broken syntax can be what the server refuses.
    const p = subject.stringProperty;
    const q = subject.otherProperty;
    const values = [`(${p}`, p, '()', `(${p},,${q})`, `!!(${p})`];
    const exchanges = await Promise.all(values.map((value) => ctx.get(selectPath(subject.path, value))));
    // One 400 handler, one finding: the values answered 400 without a problem are told once, naming the first.
    const notProblem = new Map<string, Exchange[]>();
    exchanges.forEach((exchange, index) => {
      const data = { ...exchangeData(exchange), select: values[index] };
      if (!ctx.expect(exchange.response.status === 400, 'not400', data, exchange)) return;
      const contentType = mediaTypeOf(exchange.response) ?? '(none)';
      if (contentType !== 'application/problem+json') {
        notProblem.set(contentType, [...(notProblem.get(contentType) ?? []), exchange]);
        return;
      }
      ctx.pass();
      const body = exchange.response.json;
      const issues = isObject(body) ? body['issues'] : undefined;
      if (!Array.isArray(issues) || issues.length === 0) return;
      ctx.expect(
        issues.some((issue) => isObject(issue) && issue['in'] === 'query'),
        'issueNotInQuery',
        data,
        exchange,
      );
    });
    for (const [contentType, [first, ...others]] of notProblem) {
      if (first === undefined) continue;
      const also = others.length > 0 ? ` (and ${others.length} more select values alike)` : '';
      ctx.report('notProblem', { ...exchangeData(first), contentType, also }, first, ...others);
    }
  },
});
