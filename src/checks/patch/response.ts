import { isObject } from '../../core/util/json.js';
import { reread } from '../support/created-document.js';
import { sameJson, show } from '../support/same-json.js';
import { definePatchCheck, MERGE_PATCH_REFUSED, sendPatch } from './support/patch-subject.js';

const MESSAGES = {
  wrongStatus: 'PATCH {{url}} with {{patch}} answered {{status}} instead of 200 or 204.',
  notRepresentation: 'PATCH {{url}} answered 200 without a JSON object (the resource after the patch).',
  differsFromGet:
    'PATCH {{url}} answered 200 with `{{property}}` = {{returned}}, but a GET right after shows {{actual}}: the body is not the complete resource after the patch.',
} as const;

export default definePatchCheck({
  meta: {
    id: 'patch.response',
    rule: 'doc-patch',
    severity: 'warning',
    writes: true,
    title: 'PATCH answers 200 with the complete resource after the patch, or 204 without a body',
    messages: MESSAGES,
  },
  // One cause, one finding: a merge patch refused (415) is patch.media-types' to report.
  dependsOn: [{ ...MERGE_PATCH_REFUSED, findings: ['wrongStatus'] }],
  run: async (ctx, subject) => {
    const patched = await sendPatch(ctx, subject.url, subject.patch);
    const { status } = patched.response;
    const data = { url: subject.url, patch: show(subject.patch), status };
    // HTTP framing gives a 204 no body, so there is nothing more to judge.
    if (status === 204) return ctx.pass();
    if (!ctx.expect(status === 200, 'wrongStatus', data, patched)) return;
    const returned = patched.response.json;
    if (!ctx.expect(isObject(returned), 'notRepresentation', data, patched) || !isObject(returned)) return;
    const after = await reread(ctx, subject.url);
    const current = after.representation ?? {};
    for (const property of new Set([...Object.keys(returned), ...Object.keys(current)])) {
      ctx.expect(
        sameJson(returned[property], current[property]),
        'differsFromGet',
        { ...data, property, returned: show(returned[property]), actual: show(current[property]) },
        patched,
        after.exchange,
      );
    }
  },
});
