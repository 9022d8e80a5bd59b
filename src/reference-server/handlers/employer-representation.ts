import type { Shape } from '../select.js';
import type { EmployerRecord } from '../store/seed-employers.js';

export const employerHref = (base: string, employerId: number): string => `${base}/employers/${employerId}`;
export const companyHref = (base: string, enterpriseNumber: string): string => `${base}/companies/${enterpriseNumber}`;

/** The full employer representation, with absolute links. */
export function employerRepresentation(base: string, e: EmployerRecord, self = employerHref(base, e.employerId)): Record<string, unknown> {
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
  self: true, employerId: true, name: true, company: { enterpriseNumber: true, href: true }, bankrupt: true, bankruptDate: true,
};
