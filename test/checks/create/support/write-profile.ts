// The built-in profile with the create and task bodies the reference server accepts (see the write-checks report).
import type { JsonObject } from '../../../../src/core/json.js';
import { BUILT_IN_PROFILE, type Profile } from '../../../../src/core/profile.js';

/** An existing company (seed), and only employerId unique: a random enterpriseNumber names no company (400). */
export const EMPLOYER_CREATE = {
  body: { name: 'restguide test employer', employerId: 5000000000, company: { enterpriseNumber: '0200068636' } } as JsonObject,
  unique: [{ path: 'employerId', kind: 'integer' as const, min: 5_000_000_000, max: 5_899_999_999 }],
};

/** ImageTaskInput is { name, width, height }; the name `corrupt` makes a schema-valid task end `failed`. */
export const IMAGE_TASK = {
  path: '/images/tasks', body: { name: 'restguide', width: 64, height: 64 }, failingBody: { name: 'corrupt', width: 64, height: 64 },
};

export const WRITE_PROFILE: Profile = {
  ...BUILT_IN_PROFILE,
  collections: (BUILT_IN_PROFILE.collections ?? []).map((c) => (c.path === '/employers' ? { ...c, create: EMPLOYER_CREATE } : c)),
  tasks: [IMAGE_TASK],
};

/** The write profile with one collection or document changed, e.g. to take a capability away. */
export function withDocument(change: (document: NonNullable<Profile['documents']>[number]) => NonNullable<Profile['documents']>[number]): Profile {
  return { ...WRITE_PROFILE, documents: (WRITE_PROFILE.documents ?? []).map(change) };
}

/** Whether a proxied path is one of the employers this run created (ids from 5 000 000 000 up). */
export const isCreatedEmployer = (path: string): boolean => /^\/employers\/5\d{9}(\?|$)/.test(path);
