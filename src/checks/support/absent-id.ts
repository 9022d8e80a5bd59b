// An id of no document, known on evidence only: the profile's absentId, or a document this run created and
// deleted again (a schema's maximum is no evidence: a mock answers every id).
import type { CheckContext } from '../../core/engine/define-check.js';
import { supportsMethod, type DocumentTarget } from '../../core/profile/target.js';
import { createSubject } from './created-document.js';

/** The guard: the profile names an absent id, or a collection creates documents that can be deleted again. */
export const WITH_ABSENT_ID = {
  what: "document with an absent id (the profile's absentId, or one the run creates and deletes)",
  test: (document: DocumentTarget): boolean =>
    document.absentId !== undefined || (document.creator !== undefined && supportsMethod(document, 'DELETE')),
};

/** The URL of a document known to be absent; skips when the run cannot know one. */
export async function absentUrl(ctx: CheckContext<string>, document: DocumentTarget): Promise<string> {
  if (document.absentId !== undefined) return ctx.url(document.url(document.absentId));
  if (!ctx.allowWrites || !document.creator)
    return ctx.skip(
      'the profile gives no absentId, and without --allow-writes no document can be created and deleted to get one',
    );
  const subject = await createSubject(ctx, document.creator);
  const removed = await ctx.request({ method: 'DELETE', url: subject.url });
  if (removed.response.status < 200 || removed.response.status > 299) {
    return ctx.skip(
      `DELETE ${subject.url} (a document this run created) answered ${removed.response.status}, so no id is known to be absent (see delete.then-404)`,
    );
  }
  return subject.url;
}
