// What every put check needs: a document it created, a change to make, and PUT of a full representation.
import { defineCheck, type CheckContext, type CheckMeta } from '../../../core/engine/define-check.js';
import type { Exchange } from '../../../core/engine/exchange.js';
import type { JsonObject } from '../../../core/util/json.js';
import { supportsMethod, type DocumentTarget } from '../../../core/profile/target.js';
import { confirmingWrites } from '../../support/confirm.js';
import { createSubject, creatorOf, patchValues, type Subject } from '../../support/created-document.js';
import { applyMergePatch } from '../../support/same-json.js';
import { writableBody } from '../../support/writable-body.js';

type Ctx = CheckContext<string>;

interface PutSubject extends Subject {
  /** The values to change (the profile's patch without null members). */
  changes: JsonObject;
  /** The full representation with the changes applied, without what the server owns: the body of a changing PUT. */
  changed: Record<string, unknown>;
  /** The representation as it was, without what the server owns: the body that puts it back. */
  original: Record<string, unknown>;
}

/** PUT is tried only on a document the check created, with a change the profile knows. */
export const PUT_SUBJECT = {
  what: 'document with a patch (non-null values) that a collection creates',
  test: (document: DocumentTarget): boolean =>
    document.creator !== undefined && supportsMethod(document, 'PUT') && Object.keys(patchValues(document)).length > 0,
};

/**
 * A document created for the check (guard: PUT_SUBJECT), to be replaced by PUT; skips when it cannot be created.
 * `omitChanged` creates it without the changed properties, so it shows their defaults.
 */
export async function putSubject(ctx: Ctx, document: DocumentTarget, omitChanged = false): Promise<PutSubject> {
  const changes = patchValues(document);
  const subject = await createSubject(ctx, creatorOf(document), omitChanged ? Object.keys(changes) : []);
  const original = writableBody(subject.representation, document);
  return { ...subject, changes, original, changed: applyMergePatch(original, changes) as Record<string, unknown> };
}

/**
 * A put check that judges what its writes did to a document created for it: the guard, the subject and the
 * confirming re-reads are the same for each, so `run` gets the subject (and the document, for its update style).
 */
export function definePutCheck<const M extends string>(check: {
  meta: CheckMeta<M>;
  /** Create the subject without the changed properties, so it shows their defaults. */
  omitChanged?: boolean;
  run(ctx: CheckContext<M>, subject: PutSubject, document: DocumentTarget): Promise<void>;
}) {
  const { meta, omitChanged, run } = check;
  return defineCheck({
    meta,
    appliesTo: 'document',
    requires: PUT_SUBJECT,
    // Another client may write to the document too: a difference counts only while the reads compared still hold.
    run: confirmingWrites(meta.messages, async (ctx, document: DocumentTarget) =>
      run(ctx, await putSubject(ctx, document, omitChanged), document),
    ),
  });
}

export function sendPut(ctx: Ctx, url: string, body: unknown, headers: Record<string, string> = {}): Promise<Exchange> {
  return ctx.request({ method: 'PUT', url, json: body, headers });
}

/**
 * A document whose update style is not put may not accept PUT at all (405/501): not applicable.
 * A put-style document must accept it, so its refusal is judged by the caller.
 */
export function skipUnlessPutSupported(ctx: Ctx, document: DocumentTarget, exchange: Exchange): void {
  if (document.update !== 'put' && [405, 501].includes(exchange.response.status)) {
    ctx.skip(`PUT ${exchange.request.url} answered ${exchange.response.status}: the document is not updated by PUT`);
  }
}
