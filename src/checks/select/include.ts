import { confirming } from '../support/confirm.js';
import { defineCheck } from '../../core/engine/define-check.js';
import type { DocumentTarget } from '../../core/profile/target.js';
import { isObject } from '../../core/util/json.js';
import { exchangeData } from '../support/provoke-errors.js';
import {
  extraProperties,
  readSelectSubject,
  selectPath,
  stillPresent,
  SUPPORTS_SELECT,
} from './support/select-subject.js';

const MESSAGES = {
  notOk: '{{method}} {{url}} answered {{status}} with {{got}}, not 200 with a JSON object.',
  missingProperty: '{{method}} {{url}} left out the selected property `{{property}}`.',
  missingSelf: '{{method}} {{url}} left out `self`, which a selection keeps.',
  extraProperties: '{{method}} {{url}} still returned unselected properties: {{extra}}.',
} as const;

export default defineCheck({
  meta: {
    id: 'select.include',
    rule: 'res-repres',
    severity: 'warning',
    writes: false,
    title: '`?select=(p)` returns the property p and `self`, and no other property of the document',
    messages: MESSAGES,
  },
  appliesTo: 'document',
  requires: SUPPORTS_SELECT,
  // Another client may change or delete the sample between the full and the selected read:
  // a fault counts when a re-read repeats it.
  run: confirming(MESSAGES, async (ctx, document: DocumentTarget) => {
    const subject = await readSelectSubject(ctx, document);
    const p = subject.stringProperty;
    const selected = await ctx.get(selectPath(subject.path, `(${p})`));
    const data = exchangeData(selected);
    const body = selected.response.json;
    if (!ctx.expect(selected.response.status === 200 && isObject(body), 'notOk', data, selected) || !isObject(body))
      return;
    // A p the document no longer has is no fault: another client may have removed it meanwhile.
    const { names: lost, after } = await stillPresent(ctx, subject, p in body ? [] : [p]);
    ctx.expect(lost.length === 0, 'missingProperty', { ...data, property: p }, selected, ...after);
    ctx.expect('self' in body, 'missingSelf', data, selected);
    const extra = extraProperties(subject.body, body, [p, 'self']);
    ctx.expect(extra.length === 0, 'extraProperties', { ...data, extra: extra.join(', ') }, selected, subject.full);
  }),
});
