import { defineSelectCheck, extraProperties, readSelected, stillPresent } from './support/select-subject.js';

const MESSAGES = {
  notOk: '{{method}} {{url}} answered {{status}} with {{got}}, not 200 with a JSON object.',
  missingProperty: '{{method}} {{url}} left out the selected property `{{property}}`.',
  missingSelf: '{{method}} {{url}} left out `self`, which a selection keeps.',
  extraProperties: '{{method}} {{url}} still returned unselected properties: {{extra}}.',
} as const;

export default defineSelectCheck({
  meta: {
    id: 'select.include',
    rule: 'res-repres',
    severity: 'warning',
    writes: false,
    title: '`?select=(p)` returns the property p and `self`, and no other property of the document',
    messages: MESSAGES,
  },
  run: async (ctx, subject) => {
    const p = subject.stringProperty;
    const read = await readSelected(ctx, subject, `(${p})`);
    if (!read) return;
    const { selected, data, body } = read;
    // A p the document no longer has is no fault: another client may have removed it meanwhile.
    const { names: lost, after } = await stillPresent(ctx, subject, p in body ? [] : [p]);
    ctx.expect(lost.length === 0, 'missingProperty', { ...data, property: p }, selected, ...after);
    ctx.expect('self' in body, 'missingSelf', data, selected);
    const extra = extraProperties(subject.body, body, [p, 'self']);
    ctx.expect(extra.length === 0, 'extraProperties', { ...data, extra: extra.join(', ') }, selected, subject.full);
  },
});
