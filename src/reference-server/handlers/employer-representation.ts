import type { Shape } from '../select.js';
import type { EmployerRecord } from '../store/seed-employers.js';
import type { StoredEmployer } from '../store/store.js';

export const employerHref = (base: string, employerId: number): string => `${base}/employers/${employerId}`;
export const companyHref = (base: string, enterpriseNumber: string): string => `${base}/companies/${enterpriseNumber}`;

/** The full employer representation, with absolute links. */
export function employerRepresentation(
  base: string,
  e: EmployerRecord,
  self = employerHref(base, e.employerId),
): Record<string, unknown> {
  const rep: Record<string, unknown> = {
    self,
    employerId: e.employerId,
    name: e.name,
    company: { enterpriseNumber: e.enterpriseNumber, href: companyHref(base, e.enterpriseNumber) },
    bankrupt: e.bankrupt,
  };
  if (e.bankruptDate !== undefined) rep.bankruptDate = e.bankruptDate;
  return rep;
}

/** The properties `select` may name on an employer. */
export const EMPLOYER_SHAPE: Shape = {
  self: true,
  employerId: true,
  name: true,
  company: { enterpriseNumber: true, href: true },
  bankrupt: true,
  bankruptDate: true,
};

/** A JSON text and its length in UTF-8 bytes, so a response made of such parts needs no second scan for Content-Length. */
interface JsonText {
  readonly text: string;
  readonly bytes: number;
}

/** An employer's representations as JSON text, for one base URL, each made when first asked for. */
interface EmployerTexts {
  base: string;
  document?: string;
  item?: JsonText;
}

// Keyed by the stored employer, which is immutable: a write stores a new object with a new ETag, so a
// text is never stale. Bounded (emptied when full) so walking a million employers cannot pin them all.
const texts = new Map<StoredEmployer, EmployerTexts>();
const MAX_CACHED = 20_000;

function textsOf(base: string, e: StoredEmployer): EmployerTexts {
  let cached = texts.get(e);
  if (cached?.base !== base) {
    if (texts.size >= MAX_CACHED) texts.clear();
    cached = { base };
    texts.set(e, cached);
  }
  return cached;
}

/** JSON.stringify(employerRepresentation(base, e)), made once per stored version and base URL. */
export function employerDocumentJson(base: string, e: StoredEmployer): string {
  const cached = textsOf(base, e);
  return (cached.document ??= JSON.stringify(employerRepresentation(base, e)));
}

/** The employer as a collection item ({ href, title, employerId }) in JSON, made once per stored version and base URL. */
export function employerItemJson(base: string, e: StoredEmployer): JsonText {
  const cached = textsOf(base, e);
  if (!cached.item) {
    const text = JSON.stringify({ href: employerHref(base, e.employerId), title: e.name, employerId: e.employerId });
    cached.item = { text, bytes: Buffer.byteLength(text, 'utf8') };
  }
  return cached.item;
}
