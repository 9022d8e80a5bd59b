import { reread } from '../support/created-document.js';
import { sameJson, show } from '../support/same-json.js';
import {
  definePatchCheck,
  mergePatchRoots,
  notApplied,
  patchAccepted,
  patchAndReread,
  sendPatch,
} from './support/patch-subject.js';
import type { JsonObject } from '../../core/util/json.js';
import { markOwnInput } from '../support/own-input.js';
import { markReportedServerError } from '../support/reported-server-errors.js';

const MESSAGES = {
  rejected: 'PATCH {{url}} with {{patch}} answered {{status}}.',
  notSet:
    'After PATCH {{url}} with {{patch}} (answered {{status}}), `{{property}}` is {{actual}}: the patch was not applied, so its removal cannot show.',
  notRemoved:
    'After PATCH {{url}} with {{patch}}, `{{property}}` is {{actual}}: a null member removes the property{{orDefault}}.',
} as const;

export default definePatchCheck({
  meta: {
    id: 'patch.null-removes',
    rule: 'doc-patch',
    severity: 'warning',
    writes: true,
    title: 'A property set to null in a merge patch is removed (or back to its default)',
    messages: MESSAGES,
  },
  omitPatched: true,
  // One cause, one finding: a merge patch refused or ignored is patch.media-types' to report.
  dependsOn: mergePatchRoots('rejected', 'notSet'),
  run: async (ctx, subject) => {
    const before = subject.representation;
    // An optional property of the profile's patch: one the document lacks (it must vanish again), or one the
    // create body left out (the document shows its default, which it must show again once removed).
    const keys = Object.keys(subject.patch);
    const property =
      keys.find((key) => !(key in before)) ??
      (subject.createBody ? keys.find((key) => !(key in (subject.createBody ?? {}))) : undefined);
    if (property === undefined)
      return ctx.skip(
        "no property of the profile's patch is optional (absent from the document or from its create body)",
      );
    const set = { [property]: subject.patch[property] } as JsonObject;
    // Set to its default already, the property would look removed whether or not null was honoured.
    if (property in before && sameJson(before[property], set[property]))
      return ctx.skip(
        `the patch sets \`${property}\` to its default ${show(before[property])}, so its removal would not show`,
      );
    const { patched: first, after: withValue, contentType } = await patchAndReread(ctx, subject.url, set);
    if (!patchAccepted(ctx, subject.url, set, first)) return;
    const unset = notApplied(withValue.representation, set);
    if (
      !ctx.expect(
        unset === undefined,
        'notSet',
        {
          url: subject.url,
          patch: show(set),
          status: first.response.status,
          property,
          actual: show(withValue.representation?.[property]),
        },
        first,
        withValue.exchange,
      )
    )
      return;
    const remove = { [property]: null };
    const removed = await sendPatch(ctx, subject.url, remove, contentType);
    // A 5xx to the run's null (a NOT NULL column) is told here, not again as an undocumented status.
    if (!patchAccepted(ctx, subject.url, remove, removed))
      return markReportedServerError(ctx, 'patch.null-removes', removed);
    const after = await reread(ctx, subject.url);
    // Its null is this check's own input: the representation checks leave it here.
    markOwnInput(ctx, subject.url, removed, after.exchange);
    const actual = after.representation?.[property];
    const hadDefault = property in before;
    ctx.expect(
      after.representation !== undefined &&
        (actual === undefined || (hadDefault && sameJson(actual, before[property]))),
      'notRemoved',
      {
        url: subject.url,
        patch: show(remove),
        property,
        actual: show(actual),
        orDefault: hadDefault ? ` or takes its default ${show(before[property])}` : '',
      },
      removed,
      after.exchange,
    );
  },
});
