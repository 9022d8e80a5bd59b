// What every put check needs: a document it created, a change to make, and PUT of a full representation.
import type { CheckContext } from '../../../core/engine/define-check.js';
import type { Exchange } from '../../../core/engine/exchange.js';
import type { JsonObject } from '../../../core/util/json.js';
import { supportsMethod, type DocumentTarget } from '../../../core/profile/target.js';
import { createSubject, creatorOf, type Subject } from '../../support/created-document.js';
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

/** The values to change: the profile's patch without null members. */
const changesOf = (document: DocumentTarget): JsonObject =>
  Object.fromEntries(Object.entries(document.patch ?? {}).filter(([, value]) => value !== null)) as JsonObject;

/** PUT is tried only on a document the check created, with a change the profile knows. */
export const PUT_SUBJECT = {
  what: 'document with a patch (non-null values) that a collection creates',
  test: (document: DocumentTarget): boolean =>
    document.creator !== undefined && supportsMethod(document, 'PUT') && Object.keys(changesOf(document)).length > 0,
};

/**
 * A document created for the check (guard: PUT_SUBJECT), to be replaced by PUT; skips when it cannot be created.
 * `omitChanged` creates it without the changed properties, so it shows their defaults.
 */
export async function putSubject(
  ctx: Ctx,
  document: DocumentTarget,
  options: { omitChanged?: boolean } = {},
): Promise<PutSubject> {
  const changes = changesOf(document);
  const subject = await createSubject(ctx, creatorOf(document), options.omitChanged ? Object.keys(changes) : []);
  const original = writableBody(subject.representation, document);
  return { ...subject, changes, original, changed: applyMergePatch(original, changes) as Record<string, unknown> };
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
