import { defineCheck } from '../../core/engine/define-check.js';
import { isObject } from '../../core/util/json.js';
import { exchangeData } from '../support/provoke-errors.js';
import { problemOf } from './support/problem-type.js';

export default defineCheck({
  meta: {
    id: 'id.issue-in-path',
    rule: 'req-valid',
    severity: 'warning',
    writes: false,
    title:
      'The 400 for a malformed identifier carries an issue located in the path, naming the parameter and its value',
    messages: {
      noIssues: '{{method}} {{url}} answered 400 without `issues` saying what is wrong.',
      noPathIssue: '{{method}} {{url}} answered 400 without an issue {in: "path", name: "{{param}}", value: "{{id}}"}.',
    },
  },
  appliesTo: 'document',
  requires: { what: 'document with malformed ids', test: (document) => document.malformedIds.length > 0 },
  async run(ctx, document) {
    const ids = document.malformedIds.slice(0, 5);
    const exchanges = await Promise.all(ids.map((id) => ctx.get(document.url(id))));
    let judged = 0;
    exchanges.forEach((exchange, index) => {
      const problem = problemOf(exchange);
      // Whether it is a 400 at all is id.malformed-400's verdict.
      if (exchange.response.status !== 400 || !problem) return;
      judged++;
      const id = ids[index] ?? '';
      const data = { ...exchangeData(exchange), param: document.param, id };
      const issues = problem['issues'];
      if (!ctx.expect(Array.isArray(issues) && issues.length > 0, 'noIssues', data, exchange) || !Array.isArray(issues))
        return;
      const located = issues.some(
        (issue) =>
          isObject(issue) &&
          issue['in'] === 'path' &&
          issue['name'] === document.param &&
          String(issue['value']) === id,
      );
      ctx.expect(located, 'noPathIssue', data, exchange);
    });
    if (judged === 0) ctx.skip('no malformed id drew a 400 problem');
  },
});
