import type { Exchange } from '../../core/engine/exchange.js';
import { isObject } from '../../core/util/json.js';
import { serverMaintained } from '../../core/profile/openapi-profile.js';
import { reread } from '../support/created-document.js';
import { sameJson, show } from '../support/same-json.js';
import { appliedPatchType, definePatchCheck, patchAccepted, sendPatch } from './support/patch-subject.js';

// Links are often read-only; a member the client may set makes the better probe.
const READ_ONLY_GUESS = new Set(['href', 'self']);

const MESSAGES = {
  rejected: 'PATCH {{url}} with {{patch}} answered {{status}}.',
  replaced:
    'After PATCH {{url}} with {{patch}}, `{{object}}.{{member}}` is {{actual}} instead of {{expected}}: a nested object merges, it does not replace.',
} as const;

export default definePatchCheck({
  meta: {
    id: 'patch.nested-merge',
    rule: 'doc-patch',
    severity: 'warning',
    writes: true,
    title: 'A nested object in a merge patch is merged into the stored object, not replacing it',
    messages: MESSAGES,
  },
  run: async (ctx, subject) => {
    // A related record the server embeds (Sails' populated `station`: id, createdAt) is no nested value to merge into.
    const objects = Object.entries(subject.representation).filter(
      ([key, value]) =>
        !(key in subject.patch) &&
        isObject(value) &&
        !Object.keys(value).some(serverMaintained) &&
        Object.values(value).some((v) => !isObject(v) && !Array.isArray(v)),
    );
    const nested = objects.find(([, value]) => Object.keys(value as object).length >= 2) ?? objects[0];
    if (!nested) return ctx.skip('the document has no nested object with a scalar member (embedded records aside)');
    const [object, members] = nested as [string, Record<string, unknown>];
    const scalars = Object.keys(members).filter((key) => !isObject(members[key]) && !Array.isArray(members[key]));
    const member = scalars.find((key) => !READ_ONLY_GUESS.has(key)) ?? (scalars[0] as string);
    // The same value for one member (or, for an object of one member, an empty object): a merge changes
    // nothing, only a replacing server loses members. Sent with the media type the server applies patches with.
    const contentType = await appliedPatchType(ctx, subject);
    const patch = { [object]: Object.keys(members).length >= 2 ? { [member]: members[member] } : {} };
    const data = { url: subject.url, patch: show(patch), object };
    const patched = await sendPatch(ctx, subject.url, patch, contentType);
    if (!patchAccepted(ctx, subject.url, patch, patched)) return;
    const after = await reread(ctx, subject.url);
    const views: Array<[unknown, Exchange]> = [[after.representation?.[object], after.exchange]];
    const echoed = patched.response.json;
    if (patched.response.status === 200 && isObject(echoed)) views.push([echoed[object], patched]);
    for (const [view, evidence] of views) {
      for (const [name, expected] of Object.entries(members)) {
        const actual = isObject(view) ? view[name] : undefined;
        ctx.expect(
          sameJson(actual, expected),
          'replaced',
          { ...data, member: name, actual: show(actual), expected: show(expected) },
          patched,
          evidence,
        );
      }
    }
  },
});
