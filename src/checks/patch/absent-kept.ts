import { isObject } from '../../core/util/json.js';
import { sameJson, show } from '../support/same-json.js';
import { writableBody } from '../support/writable-body.js';
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
  run: async (ctx, subject, document) => {
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
    // What the server owns is not the patch's to keep: the declared read-only members, and a modification time or
    // version it moves forward on every write (Sails' updatedAt, Rails' updated_at and lock_version).
    const clientOwned = (representation: Record<string, unknown>) =>
      document.readOnly === undefined ? representation : writableBody(representation, document);
    const before = clientOwned(subject.representation);
    const kept = isObject(after.representation) ? clientOwned(after.representation) : undefined;
    for (const [property, value] of Object.entries(before)) {
      if (property in subject.patch) continue;
      if (movedForward(property, value, kept?.[property])) continue;
      const actual = kept?.[property];
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

// Names of a record's modification time or version (updatedAt, updated_at, lastModified, modifiedOn, dateModified,
// lock_version), compared without case, `_` or `-`.
const MODIFICATION =
  /^(?:last)?(?:updated|modified|changed|update|modification|change)(?:at|on|date|time|datetime|timestamp)?$|^(?:date|time)(?:last)?(?:updated|modified|changed)$|^(?:lock)?version$|^revision$/;

/** Whether a server-maintained member (by its name) moved forward: a later time or a greater version. */
function movedForward(property: string, before: unknown, after: unknown): boolean {
  if (!MODIFICATION.test(property.toLowerCase().replace(/[_-]/g, ''))) return false;
  if (typeof before === 'number' && typeof after === 'number') return after > before;
  if (typeof after !== 'string') return false;
  const later = Date.parse(after);
  if (Number.isNaN(later)) return false;
  // A time the record had none of (null) set by the write.
  if (before === null || before === undefined) return true;
  const earlier = typeof before === 'number' ? before : typeof before === 'string' ? Date.parse(before) : NaN;
  return !Number.isNaN(earlier) && later > earlier;
}
