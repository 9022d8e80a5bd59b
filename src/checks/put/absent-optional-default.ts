import { isSuccess, reread } from '../support/created-document.js';
import { sameJson, show } from '../support/same-json.js';
import { definePutCheck, sendPut, skipUnlessPutSupported } from './support/put-subject.js';

const MESSAGES = {
  rejected: 'PUT {{url}} ({{step}}) answered {{status}}.',
  notDefault: 'After PUT {{url}} without `{{property}}`, the document shows {{actual}}; {{expected}}.',
} as const;

export default definePutCheck({
  meta: {
    id: 'put.absent-optional-default',
    rule: 'meth-http',
    severity: 'warning',
    writes: true,
    title: 'An optional property absent from a PUT body is removed or takes its declared default',
    messages: MESSAGES,
  },
  omitChanged: true,
  run: async (ctx, subject, document) => {
    // Optional: left out of the create body. The freshly created document shows its default (or nothing).
    const optional = Object.keys(subject.changes).filter((key) => !(key in (subject.createBody ?? {})));
    if (optional.length === 0)
      return ctx.skip('every changed property is in the create body, so none is known to be optional');
    const first = await sendPut(ctx, subject.url, subject.changed);
    skipUnlessPutSupported(ctx, document, first);
    if (
      !ctx.expect(
        isSuccess(first),
        'rejected',
        { url: subject.url, step: 'setting the optional values', status: first.response.status },
        first,
      )
    )
      return;
    const without = Object.fromEntries(Object.entries(subject.changed).filter(([key]) => !optional.includes(key)));
    const second = await sendPut(ctx, subject.url, without);
    if (
      !ctx.expect(
        isSuccess(second),
        'rejected',
        { url: subject.url, step: `leaving out ${optional.join(', ')}`, status: second.response.status },
        second,
      )
    )
      return;
    const after = await reread(ctx, subject.url);
    for (const property of optional) {
      const actual = after.representation?.[property];
      const initial = subject.representation[property];
      const ok =
        after.representation !== undefined &&
        (actual === undefined || (initial !== undefined && sameJson(actual, initial)));
      const expected =
        initial === undefined ? 'it should be absent' : `it should be absent or its default ${show(initial)}`;
      ctx.expect(
        ok,
        'notDefault',
        { url: subject.url, property, actual: show(actual), expected },
        second,
        after.exchange,
      );
    }
  },
});
