import { defineCheck } from '../../core/define-check.js';
import { isSuccess } from '../support/created-document.js';
import { containsJson, show } from '../support/same-json.js';
import { PATCH_SUBJECT, patchAndReread, patchSubject } from './support/patch-subject.js';

export default defineCheck({
  meta: {
    id: 'patch.overwrite', rule: 'doc-patch', severity: 'warning', writes: true,
    title: 'A property present in a merge patch overwrites the stored value',
    messages: {
      rejected: 'PATCH {{url}} with the profile\'s patch {{patch}} answered {{status}}.',
      notOverwritten: 'After PATCH {{url}} with {{patch}}, `{{property}}` is {{actual}} instead of {{expected}}.',
    },
  },
  appliesTo: 'document',
  requires: PATCH_SUBJECT,
  async run(ctx, document) {
    const subject = await patchSubject(ctx, document);
    const data = { url: subject.url, patch: show(subject.patch) };
    const { patched, after } = await patchAndReread(ctx, subject.url, subject.patch);
    if (!ctx.expect(isSuccess(patched), 'rejected', { ...data, status: patched.response.status }, patched)) return;
    for (const [property, expected] of Object.entries(subject.patch)) {
      const actual = after.representation?.[property];
      ctx.expect(containsJson(actual, expected), 'notOverwritten', { ...data, property, actual: show(actual), expected: show(expected) }, patched, after.exchange);
    }
  },
});
