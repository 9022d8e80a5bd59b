// What every patch check needs: a merge-patch document, the profile's patch and a document it may change.
import { defineCheck, type CheckContext, type CheckMeta, type Dependency } from '../../../core/engine/define-check.js';
import type { Exchange } from '../../../core/engine/exchange.js';
import type { CheckResult } from '../../../core/report/types.js';
import type { JsonObject } from '../../../core/util/json.js';
import { supportsMethod, type DocumentTarget } from '../../../core/profile/target.js';
import { confirmingWrites } from '../../support/confirm.js';
import { createSubject, patchValues, reread, type Subject } from '../../support/created-document.js';
import { containsJson, show } from '../../support/same-json.js';

type Ctx = CheckContext<string>;

export const MERGE_PATCH = 'application/merge-patch+json';

export interface PatchSubject extends Subject {
  /** The profile's patch without null members: values the document must show afterwards. */
  patch: JsonObject;
}

/** Sends a PATCH with a JSON body of the given media type. */
export function sendPatch(
  ctx: Ctx,
  url: string,
  body: unknown,
  contentType = MERGE_PATCH,
  headers: Record<string, string> = {},
): Promise<Exchange> {
  return ctx.request({
    method: 'PATCH',
    url,
    headers: { 'content-type': contentType, ...headers },
    body: JSON.stringify(body),
  });
}

/** The guard of every patch check: PATCH is the document's update style and the profile gives a patch to send. */
export const PATCH_SUBJECT = {
  what: 'document with PATCH as its update style and a patch (non-null values)',
  test: (document: DocumentTarget): boolean =>
    document.update === 'patch' && supportsMethod(document, 'PATCH') && Object.keys(patchValues(document)).length > 0,
};

/**
 * A document to patch (guard: PATCH_SUBJECT): one created for the check and proven its own; a record the run did
 * not make is never changed, so without a collection that creates it the check skips.
 * `omitPatched` creates it without the patch's properties, so it shows their defaults.
 */
export async function patchSubject(ctx: Ctx, document: DocumentTarget, omitPatched = false): Promise<PatchSubject> {
  const patch = patchValues(document);
  const collection = document.creator;
  if (collection) return { ...(await createSubject(ctx, collection, omitPatched ? Object.keys(patch) : [])), patch };
  return ctx.skip(
    `no collection creates ${document.path} documents, and the run changes only records it made (never the API's own)`,
  );
}

/**
 * A patch check that judges what its writes did to a document created for it: the guard, the subject and the
 * confirming re-reads are the same for each, so `run` gets the subject.
 */
export function definePatchCheck<const M extends string>(check: {
  meta: CheckMeta<M>;
  dependsOn?: ReadonlyArray<string | Dependency<NoInfer<M>>>;
  /** Create the subject without the patch's properties, so it shows their defaults. */
  omitPatched?: boolean;
  run(ctx: CheckContext<M>, subject: PatchSubject, document: DocumentTarget): Promise<void>;
}) {
  const { meta, dependsOn, omitPatched, run } = check;
  return defineCheck({
    meta,
    appliesTo: 'document',
    requires: PATCH_SUBJECT,
    ...(dependsOn && { dependsOn }),
    // Another client may write to the document too: a difference counts only while the reads compared still hold.
    run: confirmingWrites(meta.messages, async (ctx, document: DocumentTarget) =>
      run(ctx, await patchSubject(ctx, document, omitPatched), document),
    ),
  });
}

export interface AppliedPatch {
  /** The PATCH whose effect `after` shows (the retry with application/json when the merge patch was ignored). */
  patched: Exchange;
  after: { exchange: Exchange; representation: Record<string, unknown> | undefined };
  contentType: string;
}

/**
 * PATCHes `patch` as a merge patch and re-reads the document. When the server refused the media type (415, 400) or
 * answered 2xx but shows nothing of `shows` (default: the patch itself), the same patch goes again as
 * application/json, the other media type the guide allows: the behaviour checks judge what the server does with a patch it applies, and patch.media-types
 * reports the media type it ignored.
 */
export async function patchAndReread(
  ctx: Ctx,
  url: string,
  patch: JsonObject,
  shows: JsonObject = patch,
  headers: Record<string, string> = {},
): Promise<AppliedPatch> {
  const patched = await sendPatch(ctx, url, patch, MERGE_PATCH, headers);
  const after = await reread(ctx, url);
  // The merge patch media type refused (Express' 415, or a 400 to the body its parser left unread) while the API
  // takes application/json: the behaviour is judged on that, and patch.media-types reports the refusal.
  if (patched.response.status === 415 || patched.response.status === 400) {
    const retried = await sendPatch(ctx, url, patch, 'application/json', headers);
    if (isSuccessful(retried))
      return { patched: retried, after: await reread(ctx, url), contentType: 'application/json' };
    return { patched, after, contentType: MERGE_PATCH };
  }
  if (!isSuccessful(patched) || notApplied(after.representation, shows) === undefined)
    return { patched, after, contentType: MERGE_PATCH };
  const retried = await sendPatch(ctx, url, patch, 'application/json', headers);
  const afterRetry = await reread(ctx, url);
  if (isSuccessful(retried) && notApplied(afterRetry.representation, shows) === undefined)
    return { patched: retried, after: afterRetry, contentType: 'application/json' };
  return { patched, after, contentType: MERGE_PATCH };
}

/** The media type the server applies the profile's patch with (merge patch first); skips when it applies neither. */
export async function appliedPatchType(ctx: Ctx, subject: PatchSubject): Promise<string> {
  const same = unchangedBy(subject.representation, subject.patch);
  if (same.length > 0) return MERGE_PATCH;
  const { patched, after, contentType } = await patchAndReread(ctx, subject.url, subject.patch);
  if (!isSuccessful(patched))
    return ctx.skip(
      `PATCH ${subject.url} with the profile's patch answered ${patched.response.status} (see patch.overwrite)`,
    );
  if (notApplied(after.representation, subject.patch) !== undefined)
    return ctx.skip(`PATCH ${subject.url} applied the profile's patch with neither media type (see patch.overwrite)`);
  return contentType;
}

/**
 * The roots of a check that meets patch.media-types' failures too: its `refused` finding follows from the merge patch
 * media type refused, its `ignored` one from a merge patch not applied.
 */
export const mergePatchRoots = <M extends string>(refused: M, ignored: M): Array<Dependency<M>> => [
  { ...MERGE_PATCH_REFUSED, findings: [refused] },
  { ...MERGE_PATCH_IGNORED, findings: [ignored] },
];

/** patch.media-types' failure that every merge patch meets too: the merge patch media type refused. */
export const MERGE_PATCH_REFUSED = {
  check: 'patch.media-types',
  when: (failure: CheckResult): boolean =>
    failure.messageId === 'refused' && failure.message.includes(`Content-Type ${MERGE_PATCH} `),
};
/** patch.media-types' failure that a merge patch meets too: a patch in the merge patch media type not applied. */
const MERGE_PATCH_IGNORED = {
  check: 'patch.media-types',
  when: (failure: CheckResult): boolean =>
    failure.messageId === 'ignored' && failure.message.includes(`Content-Type ${MERGE_PATCH} `),
};

/** Whether the server accepted a PATCH of `patch` (2xx); reports `rejected` when it did not. */
export const patchAccepted = (ctx: CheckContext<'rejected'>, url: string, patch: unknown, patched: Exchange): boolean =>
  ctx.expect(isSuccessful(patched), 'rejected', { url, patch: show(patch), status: patched.response.status }, patched);

const isSuccessful = (exchange: Exchange): boolean => exchange.response.status >= 200 && exchange.response.status < 300;

/** The first member of `patch` the representation does not show after a PATCH that should have applied it. */
export function notApplied(representation: Record<string, unknown> | undefined, patch: JsonObject): string | undefined {
  return Object.keys(patch).find((key) => !containsJson(representation?.[key], patch[key]));
}

/** The members of `patch` whose value the document already has: a patch of them would change nothing observable. */
export const unchangedBy = (representation: Record<string, unknown>, patch: JsonObject): string[] =>
  Object.keys(patch).filter((key) => containsJson(representation[key], patch[key]));
