import { confirming } from '../support/confirm.js';
import { defineCheck } from '../../core/engine/define-check.js';
import type { DocumentTarget } from '../../core/profile/target.js';
import { isObject } from '../../core/util/json.js';
import { exchangeData } from '../support/provoke-errors.js';
import { readSelectSubject, selectPath, SUPPORTS_SELECT } from './support/select-subject.js';
import { isBlankLink } from '../support/collection-page.js';

const MESSAGES = {
  notOk: '{{method}} {{url}} answered {{status}} with {{got}}, not 200 with a JSON object.',
  noSelf: '{{method}} {{url}} returned no string `self` link.',
  queryLost: '{{method}} {{url}} returned self {{self}}, whose `select` is {{found}} instead of {{expected}}.',
} as const;

export default defineCheck({
  meta: {
    id: 'select.self-reflects-query',
    rule: 'res-repres',
    severity: 'warning',
    writes: false,
    title: 'The `self` link of a selected representation carries the `select` query',
    messages: MESSAGES,
  },
  appliesTo: 'document',
  requires: SUPPORTS_SELECT,
  // Another client may delete the sample between the full and the selected read:
  // a fault counts when a re-read repeats it.
  run: confirming(MESSAGES, async (ctx, document: DocumentTarget) => {
    const subject = await readSelectSubject(ctx, document);
    const expected = `(${subject.stringProperty})`;
    const selected = await ctx.get(selectPath(subject.path, expected));
    const data = exchangeData(selected);
    const body = selected.response.json;
    if (!ctx.expect(selected.response.status === 200 && isObject(body), 'notOk', data, selected) || !isObject(body))
      return;
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
  }),
});
