// Profiles for the write-check tests: the built-in one (its create and task bodies fit the reference server) and variations.
import { BUILT_IN_PROFILE, type Profile } from '../../../../src/core/profile/profile.js';

export const WRITE_PROFILE: Profile = BUILT_IN_PROFILE;

type DocumentProfile = NonNullable<Profile['documents']>[number];

/** The built-in profile with its documents changed, e.g. another patch or update style. */
export function withDocument(change: (document: DocumentProfile) => DocumentProfile): Profile {
  return { ...WRITE_PROFILE, documents: (WRITE_PROFILE.documents ?? []).map(change) };
}

/** Whether a proxied path is one of the employers a check created (the profile's ids run from 5 000 000 000). */
export const isCreatedEmployer = (path: string): boolean => /^\/employers\/5\d{9}(\?|$)/.test(path);
