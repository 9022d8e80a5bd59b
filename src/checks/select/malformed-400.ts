import { defineCheck } from '../../core/engine/define-check.js';
import { mediaTypeOf } from '../../core/engine/exchange.js';
import { isObject } from '../../core/util/json.js';
import { exchangeData } from '../support/provoke-errors.js';
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
        '{{method}} {{url}} answered 400 with {{contentType}} instead of a problem (application/problem+json).',
      issueNotInQuery: '{{method}} {{url}} answered 400 with issues, none of them located in the query.',
    },
  },
  appliesTo: 'document',
  requires: SUPPORTS_SELECT,
  async run(ctx, document) {
    const subject = await readSelectSubject(ctx, document);
    // Real property names, so only the broken syntax can be what the server refuses.
    const p = subject.stringProperty;
    const q = subject.otherProperty;
    const values = [`(${p}`, p, '()', `(${p},,${q})`, `!!(${p})`];
    const exchanges = await Promise.all(values.map((value) => ctx.get(selectPath(subject.path, value))));
    exchanges.forEach((exchange, index) => {
      const data = { ...exchangeData(exchange), select: values[index] };
      if (!ctx.expect(exchange.response.status === 400, 'not400', data, exchange)) return;
      const contentType = mediaTypeOf(exchange.response) ?? '(none)';
      if (!ctx.expect(contentType === 'application/problem+json', 'notProblem', { ...data, contentType }, exchange))
        return;
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
  },
});
