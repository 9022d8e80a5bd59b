import { defineCheck } from '../../core/define-check.js';
import type { Exchange } from '../../core/exchange.js';
import { isObject } from '../../core/json.js';
import { isSuccess, reread } from '../support/created-document.js';
import { sameJson, show } from '../support/same-json.js';
import { PATCH_SUBJECT, patchSubject, sendPatch } from './support/patch-subject.js';

// Links are often read-only; a member the client may set makes the better probe.
const READ_ONLY_GUESS = new Set(['href', 'self']);

export default defineCheck({
  meta: {
    id: 'patch.nested-merge', rule: 'doc-patch', severity: 'warning', writes: true,
    title: 'A nested object in a merge patch is merged into the stored object, not replacing it',
    messages: {
      rejected: 'PATCH {{url}} with {{patch}} answered {{status}}.',
      replaced: 'After PATCH {{url}} with {{patch}}, `{{object}}.{{member}}` is {{actual}} instead of {{expected}}: a nested object merges, it does not replace.',
    },
  },
  appliesTo: 'document',
  requires: PATCH_SUBJECT,
  async run(ctx, document) {
    const subject = await patchSubject(ctx, document);
    const nested = Object.entries(subject.representation).find(([key, value]) =>
      !(key in subject.patch) && isObject(value) && Object.keys(value).length >= 2 && Object.values(value).some((v) => !isObject(v) && !Array.isArray(v)));
    if (!nested) return ctx.skip('the document has no nested object with two or more members');
    const [object, members] = nested as [string, Record<string, unknown>];
    const scalars = Object.keys(members).filter((key) => !isObject(members[key]) && !Array.isArray(members[key]));
    const member = scalars.find((key) => !READ_ONLY_GUESS.has(key)) ?? scalars[0] as string;
    // The same value for one member: only a replacing server loses the others.
    const patch = { [object]: { [member]: members[member] } };
    const data = { url: subject.url, patch: show(patch), object };
    const patched = await sendPatch(ctx, subject.url, patch);
    if (!ctx.expect(isSuccess(patched), 'rejected', { ...data, status: patched.response.status }, patched)) return;
    const after = await reread(ctx, subject.url);
    const views: Array<[unknown, Exchange]> = [[after.representation?.[object], after.exchange]];
    const echoed = patched.response.json;
    if (patched.response.status === 200 && isObject(echoed)) views.push([echoed[object], patched]);
    for (const [view, evidence] of views) {
      for (const [name, expected] of Object.entries(members)) {
        const actual = isObject(view) ? view[name] : undefined;
        ctx.expect(sameJson(actual, expected), 'replaced', { ...data, member: name, actual: show(actual), expected: show(expected) }, patched, evidence);
      }
    }
  },
});
