import { containsJson, show } from '../support/same-json.js';
import { definePatchCheck, patchAccepted, mergePatchRoots, patchAndReread } from './support/patch-subject.js';

const MESSAGES = {
  rejected: "PATCH {{url}} with the profile's patch {{patch}} answered {{status}}.",
  notOverwritten: 'After PATCH {{url}} with {{patch}}, `{{property}}` is {{actual}} instead of {{expected}}.',
} as const;

export default definePatchCheck({
  meta: {
    id: 'patch.overwrite',
    rule: 'doc-patch',
    severity: 'warning',
    writes: true,
    title: 'A property present in a merge patch overwrites the stored value',
    messages: MESSAGES,
  },
  // One cause, one finding: a merge patch refused or ignored is patch.media-types' to report.
  dependsOn: mergePatchRoots('rejected', 'notOverwritten'),
  run: async (ctx, subject) => {
    const { patched, after } = await patchAndReread(ctx, subject.url, subject.patch);
    if (!patchAccepted(ctx, subject.url, subject.patch, patched)) return;
    const data = { url: subject.url, patch: show(subject.patch) };
    for (const [property, expected] of Object.entries(subject.patch)) {
      const actual = after.representation?.[property];
      ctx.expect(
        containsJson(actual, expected),
        'notOverwritten',
        { ...data, property, actual: show(actual), expected: show(expected) },
        patched,
        after.exchange,
      );
    }
  },
});
