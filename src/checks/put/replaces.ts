import { isObject } from '../../core/util/json.js';
import { isSuccess, reread } from '../support/created-document.js';
import { containsJson, show } from '../support/same-json.js';
import { definePutCheck, sendPut, skipUnlessPutSupported } from './support/put-subject.js';

const MESSAGES = {
  rejected: 'PUT {{url}} with the full representation and {{changes}} answered {{status}}.',
  notReplaced:
    'After PUT {{url}} with {{changes}}, {{where}} shows `{{property}}` = {{actual}} instead of {{expected}}.',
} as const;

export default definePutCheck({
  meta: {
    id: 'put.replaces',
    rule: 'meth-http',
    severity: 'warning',
    writes: true,
    title: 'PUT of a full representation with a changed value replaces the document: the change shows',
    messages: MESSAGES,
  },
  run: async (ctx, subject, document) => {
    const data = { url: subject.url, changes: show(subject.changes) };
    const put = await sendPut(ctx, subject.url, subject.changed);
    skipUnlessPutSupported(ctx, document, put);
    if (!ctx.expect(isSuccess(put), 'rejected', { ...data, status: put.response.status }, put)) return;
    const after = await reread(ctx, subject.url);
    const views: Array<[string, unknown, typeof put]> = [['a GET', after.representation, after.exchange]];
    if (put.response.status === 200 && isObject(put.response.json))
      views.push(['the PUT response', put.response.json, put]);
    for (const [where, view, evidence] of views) {
      for (const [property, expected] of Object.entries(subject.changes)) {
        const actual = isObject(view) ? view[property] : undefined;
        ctx.expect(
          containsJson(actual, expected),
          'notReplaced',
          { ...data, where, property, actual: show(actual), expected: show(expected) },
          put,
          evidence,
        );
      }
    }
  },
});
