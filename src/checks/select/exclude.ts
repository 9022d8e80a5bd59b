import { confirming } from '../support/confirm.js';
import { defineCheck } from '../../core/engine/define-check.js';
import type { DocumentTarget } from '../../core/profile/target.js';
import { isObject } from '../../core/util/json.js';
import { exchangeData } from '../support/provoke-errors.js';
import { readSelectSubject, selectPath, stillPresent, SUPPORTS_SELECT } from './support/select-subject.js';

const MESSAGES = {
  notOk: '{{method}} {{url}} answered {{status}} with {{got}}, not 200 with a JSON object.',
  stillThere: '{{method}} {{url}} still returned the excluded property `{{property}}`.',
  missingProperties: '{{method}} {{url}} also left out properties it did not exclude: {{missing}}.',
} as const;

export default defineCheck({
  meta: {
    id: 'select.exclude',
    rule: 'res-repres',
    severity: 'warning',
    writes: false,
    title: '`?select=!(p)` returns every property of the document but p',
    messages: MESSAGES,
  },
  appliesTo: 'document',
  requires: SUPPORTS_SELECT,
  // Another client may change or delete the sample between the full and the selected read:
  // a fault counts when a re-read repeats it.
  run: confirming(MESSAGES, async (ctx, document: DocumentTarget) => {
    const subject = await readSelectSubject(ctx, document);
    const p = subject.stringProperty;
    const selected = await ctx.get(selectPath(subject.path, `!(${p})`));
    const data = exchangeData(selected);
    const body = selected.response.json;
    if (!ctx.expect(selected.response.status === 200 && isObject(body), 'notOk', data, selected) || !isObject(body))
      return;
    ctx.expect(!(p in body), 'stillThere', { ...data, property: p }, selected);
    const { names: missing, after } = await stillPresent(
      ctx,
      subject,
      Object.keys(subject.body).filter((name) => name !== p && !(name in body)),
    );
    ctx.expect(
      missing.length === 0,
      'missingProperties',
      { ...data, missing: missing.join(', ') },
      selected,
      subject.full,
      ...after,
    );
  }),
});
