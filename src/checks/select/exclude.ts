import { defineSelectCheck, readSelected, stillPresent, SELECT_REFUSED } from './support/select-subject.js';

const MESSAGES = {
  notOk: '{{method}} {{url}} answered {{status}} with {{got}}, not 200 with a JSON object.',
  stillThere: '{{method}} {{url}} still returned the excluded property `{{property}}`.',
  missingProperties: '{{method}} {{url}} also left out properties it did not exclude: {{missing}}.',
} as const;

export default defineSelectCheck({
  meta: {
    id: 'select.exclude',
    rule: 'res-repres',
    severity: 'warning',
    writes: false,
    title: '`?select=!(p)` returns every property of the document but p',
    messages: MESSAGES,
  },
  dependsOn: [SELECT_REFUSED],
  run: async (ctx, subject) => {
    const p = subject.stringProperty;
    const read = await readSelected(ctx, subject, `!(${p})`);
    if (!read) return;
    const { selected, data, body } = read;
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
  },
});
