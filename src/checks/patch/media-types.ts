import type { JsonObject } from '../../core/util/json.js';
import { isSuccess, reread } from '../support/created-document.js';
import { show } from '../support/same-json.js';
import { definePatchCheck, MERGE_PATCH, notApplied, sendPatch, unchangedBy } from './support/patch-subject.js';

const MESSAGES = {
  refused:
    'PATCH {{url}} with Content-Type {{contentType}} answered {{status}}; a merge patch is accepted as application/merge-patch+json and application/json.',
  // No record's own values in the words (the patch sent, the value read back): the same media type ignored on two
  // resources is one fault; the evidence holds both.
  ignored:
    'PATCH {{url}} with Content-Type {{contentType}} answered {{status}}, but `{{property}}` does not have the patched value afterwards: the patch was not applied.',
} as const;

export default definePatchCheck({
  meta: {
    id: 'patch.media-types',
    rule: 'doc-patch',
    severity: 'warning',
    writes: true,
    title: 'PATCH accepts a merge patch as application/merge-patch+json and as application/json, and applies it',
    messages: MESSAGES,
  },
  run: async (ctx, subject) => {
    const same = unchangedBy(subject.representation, subject.patch);
    if (same.length > 0)
      return ctx.skip(
        `the document already has the patch's value of ${same.join(', ')}, so applying it would not show`,
      );
    // The patch in one media type, then the way back in the other: each write changes what a GET shows.
    const back = Object.fromEntries(
      Object.keys(subject.patch).map((key) => [key, subject.representation[key] ?? null]),
    ) as JsonObject;
    const expectedBack = Object.fromEntries(Object.entries(back).filter(([, value]) => value !== null)) as JsonObject;
    const gone = Object.keys(back).filter((key) => back[key] === null);
    const steps: Array<[string, JsonObject]> = [
      [MERGE_PATCH, subject.patch],
      ['application/json', back],
    ];
    // Sequential: two writes at once could race on an ETag.
    for (const [contentType, patch] of steps) {
      const patched = await sendPatch(ctx, subject.url, patch, contentType);
      const data = { url: subject.url, contentType, patch: show(patch), status: patched.response.status };
      if (!ctx.expect(isSuccess(patched), 'refused', data, patched)) return;
      const after = await reread(ctx, subject.url);
      const expected = patch === back ? expectedBack : patch;
      const property =
        notApplied(after.representation, expected) ??
        gone.find((key) => patch === back && after.representation?.[key] !== undefined);
      if (
        !ctx.expect(
          property === undefined,
          'ignored',
          { ...data, property, actual: show(after.representation?.[property ?? '']) },
          patched,
          after.exchange,
        )
      )
        return;
    }
  },
});
