import { defineSelectCheck, readSelected, SELECT_REFUSED } from './support/select-subject.js';
import { isBlankLink } from '../support/collection-page.js';

const MESSAGES = {
  notOk: '{{method}} {{url}} answered {{status}} with {{got}}, not 200 with a JSON object.',
  noSelf: '{{method}} {{url}} returned no string `self` link.',
  queryLost: '{{method}} {{url}} returned self {{self}}, whose `select` is {{found}} instead of {{expected}}.',
} as const;

export default defineSelectCheck({
  meta: {
    id: 'select.self-reflects-query',
    rule: 'res-repres',
    severity: 'warning',
    writes: false,
    title: 'The `self` link of a selected representation carries the `select` query',
    messages: MESSAGES,
  },
  dependsOn: [SELECT_REFUSED],
  run: async (ctx, subject) => {
    const expected = `(${subject.stringProperty})`;
    const read = await readSelected(ctx, subject, expected);
    if (!read) return;
    const { selected, data, body } = read;
    const self = body['self'];
    if (!ctx.expect(typeof self === 'string', 'noSelf', data, selected) || typeof self !== 'string') return;
    // Resolved against the request, an empty `self` would carry its query: it shows nothing (link.absolute reports it).
    if (isBlankLink(self))
      return ctx.skip(`not verified: the \`self\` of ${selected.request.url} is empty (see link.absolute)`);
    let found: string | null;
    try {
      found = new URL(self, selected.request.url).searchParams.get('select');
    } catch {
      found = null;
    }
    ctx.expect(found === expected, 'queryLost', { ...data, self, found: found ?? '(none)', expected }, selected);
  },
});
