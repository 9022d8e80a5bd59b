import { sameJson, show } from '../support/same-json.js';
import {
  definePatchCheck,
  patchAccepted,
  mergePatchRoots,
  notApplied,
  patchAndReread,
  unchangedBy,
} from './support/patch-subject.js';

const MESSAGES = {
  rejected: "PATCH {{url}} with the profile's patch {{patch}} answered {{status}}.",
  ignored:
    'After PATCH {{url}} with {{patch}} (answered {{status}}), `{{property}}` is {{actual}}: the patch was not applied, so nothing shows what it keeps.',
  notKept:
    'After PATCH {{url}} with {{patch}}, `{{property}}` (absent from the patch) changed from {{before}} to {{actual}}.',
} as const;

export default definePatchCheck({
  meta: {
    id: 'patch.absent-kept',
    rule: 'doc-patch',
    severity: 'warning',
    writes: true,
    title: 'Properties absent from a merge patch keep their values',
    messages: MESSAGES,
  },
  // One cause, one finding: a merge patch refused or ignored is patch.media-types' to report.
  dependsOn: mergePatchRoots('rejected', 'ignored'),
  run: async (ctx, subject) => {
    const data = { url: subject.url, patch: show(subject.patch) };
    const same = unchangedBy(subject.representation, subject.patch);
    if (same.length > 0)
      return ctx.skip(
        `the document already has the patch's value of ${same.join(', ')}, so a server ignoring the patch would look the same`,
      );
    const { patched, after } = await patchAndReread(ctx, subject.url, subject.patch);
    if (!patchAccepted(ctx, subject.url, subject.patch, patched)) return;
    const ignored = notApplied(after.representation, subject.patch);
    if (
      !ctx.expect(
        ignored === undefined,
        'ignored',
        {
          ...data,
          status: patched.response.status,
          property: ignored,
          actual: show(after.representation?.[ignored ?? '']),
        },
        patched,
        after.exchange,
      )
    )
      return;
    for (const [property, value] of Object.entries(subject.representation)) {
      if (property in subject.patch) continue;
      const actual = after.representation?.[property];
      ctx.expect(
        sameJson(actual, value),
        'notKept',
        { ...data, property, before: show(value), actual: show(actual) },
        subject.before,
        patched,
        after.exchange,
      );
    }
  },
});
