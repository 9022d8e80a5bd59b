import type { Localized } from '../i18n.js';

export interface EmployerRecord {
  employerId: number;
  name: string;
  enterpriseNumber: string;
  bankrupt: boolean;
  bankruptDate?: string;
}
export interface CompanyRecord {
  enterpriseNumber: string;
  name: string;
}
export interface EmployerClassRecord {
  value: string;
  description: Omit<Localized, 'de'>;
}

const PREFIXES = ['Acme', 'Belfry', 'Canal', 'Delta', 'Ember', 'Flanders', 'Garnet', 'Harbor', 'Iris', 'Juniper'];
const SUFFIXES = ['Construction', 'Logistics', 'Bakery', 'Consulting', 'Textiles', 'Software', 'Brewery', 'Transport'];
const COMPANY_WORDS = [
  'Atlas',
  'Beacon',
  'Cobalt',
  'Dune',
  'Everest',
  'Fjord',
  'Glacier',
  'Horizon',
  'Indigo',
  'Jade',
  'Kestrel',
  'Lagoon',
];
const COMPANY_FORMS = ['NV', 'BV', 'CV', 'VZW', 'SRL'];

const SEED_COMPANY_COUNT = 60;
const SEED_EMPLOYER_COUNT = 120;
/** The most records of one kind a seed may ask for: ids stay in their domain and memory in reason. */
const MAX_SEED_COUNT = 5_000_000;

/** How many records to seed; the defaults are the hand-made 120 employers and 60 companies. */
export interface SeedCounts {
  employers?: number;
  companies?: number;
}

/** The counts to seed, checked: a clear RangeError instead of a half-built store. */
export function seedCounts(seed: SeedCounts = {}): { employers: number; companies: number } {
  const count = (value: number | undefined, fallback: number, name: string): number => {
    if (value === undefined) return fallback;
    if (!Number.isInteger(value) || value < 0 || value > MAX_SEED_COUNT) {
      throw new RangeError(`seed.${name} must be an integer from 0 to ${MAX_SEED_COUNT}, not ${String(value)}`);
    }
    return value;
  };
  const employers = count(seed.employers, SEED_EMPLOYER_COUNT, 'employers');
  const companies = count(seed.companies, SEED_COMPANY_COUNT, 'companies');
  if (employers > 0 && companies === 0)
    throw new RangeError('seed.companies must be at least 1 when there are employers (each belongs to a company)');
  return { employers, companies };
}

/**
 * The enterprise number of company i. The first 60 are 0200068636 + i × 1010101; later ones take the
 * 8-digit base 03000000 + (i − 60) with the mod-97 check digits of real enterprise numbers, so they stay
 * unique, 10 digits, `^[01][0-9]{9}$` (up to 17 million) and sort after the first 60.
 */
function enterpriseNumberOf(i: number): string {
  if (i < SEED_COMPANY_COUNT) return `0${String(200068636 + i * 1010101).padStart(9, '0')}`;
  const base = 3_000_000 + (i - SEED_COMPANY_COUNT);
  return `${String(base).padStart(8, '0')}${String(97 - (base % 97)).padStart(2, '0')}`;
}

// Shared strings: a million records reuse these instead of each holding copies (far less GC work).
const COMPANY_NAMES = Array.from(
  { length: SEED_COMPANY_COUNT },
  (_, i) => `${COMPANY_WORDS[i % 12]} ${COMPANY_FORMS[Math.floor(i / 12)]}`,
);
const EMPLOYER_NAMES = Array.from({ length: 80 }, (_, k) => `${PREFIXES[k % 10]} ${SUFFIXES[Math.floor(k / 10)]}`);
const BANKRUPT_DATES = Array.from({ length: 12 }, (_, m) => `2023-${String(m + 1).padStart(2, '0')}-15`);

/** `count` companies in enterprise-number order; names cycle through the 60 unique names of the first 60. */
export function seedCompanies(count = SEED_COMPANY_COUNT): CompanyRecord[] {
  return Array.from({ length: count }, (_, i) => ({
    enterpriseNumber: enterpriseNumberOf(i),
    name: COMPANY_NAMES[i % SEED_COMPANY_COUNT]!,
  }));
}

/** The id of employer i: 93, then 1000 + i × 17 for the first 120, then 100000 + (i − 120) × 7 (≤ 5999999999). */
function employerIdOf(i: number): number {
  if (i === 0) return 93;
  if (i < SEED_EMPLOYER_COUNT) return 1000 + i * 17;
  return 100_000 + (i - SEED_EMPLOYER_COUNT) * 7;
}

/**
 * Employer i. Employer 0 has id 93 (so /employers/0093 shows leading zeros are ignored). Names cycle
 * through 80 names, so in the first 120 the first 40 names (e.g. "Acme Construction") belong to two
 * employers each. The first 120 belong to the first 60 companies whatever the company count, later ones
 * to company i. Those with i % 6 === 5 are bankrupt (so of the two "Flanders Construction", only id 1085 is).
 */
export function seedEmployer(i: number, companies: readonly CompanyRecord[]): EmployerRecord {
  const early = i < SEED_EMPLOYER_COUNT;
  const company = companies[i % (early ? Math.min(companies.length, SEED_COMPANY_COUNT) : companies.length)]!;
  const record: EmployerRecord = {
    employerId: employerIdOf(i),
    name: EMPLOYER_NAMES[i % 80]!,
    enterpriseNumber: company.enterpriseNumber,
    bankrupt: i % 6 === 5,
  };
  if (record.bankrupt) record.bankruptDate = BANKRUPT_DATES[i % 12]!;
  return record;
}

const CLASSES: Array<[string, string, string, string]> = [
  ['agriculture', 'Agriculture', 'Landbouw', 'Agriculture'],
  ['fishery', 'Fishery', 'Visserij', 'Pêche'],
  ['mining', 'Mining', 'Mijnbouw', 'Exploitation minière'],
  ['foodIndustry', 'Food industry', 'Voedingsindustrie', 'Industrie alimentaire'],
  ['textileIndustry', 'Textile industry', 'Textielindustrie', 'Industrie textile'],
  ['chemicalIndustry', 'Chemical industry', 'Chemische industrie', 'Industrie chimique'],
  ['metalIndustry', 'Metal industry', 'Metaalindustrie', 'Industrie métallique'],
  ['energy', 'Energy', 'Energie', 'Énergie'],
  ['waterSupply', 'Water supply', 'Watervoorziening', "Distribution d'eau"],
  ['construction', 'Construction', 'Bouw', 'Construction'],
  ['wholesale', 'Wholesale', 'Groothandel', 'Commerce de gros'],
  ['retail', 'Retail', 'Detailhandel', 'Commerce de détail'],
  ['transport', 'Transport', 'Vervoer', 'Transport'],
  ['hospitality', 'Hospitality', 'Horeca', 'Horeca'],
  ['publishing', 'Publishing', 'Uitgeverij', 'Édition'],
  ['telecommunication', 'Telecommunication', 'Telecommunicatie', 'Télécommunication'],
  ['informationTechnology', 'Information technology', 'Informatietechnologie', "Technologie de l'information"],
  ['banking', 'Banking', 'Bankwezen', 'Banque'],
  ['insurance', 'Insurance', 'Verzekeringen', 'Assurances'],
  ['realEstate', 'Real estate', 'Vastgoed', 'Immobilier'],
  ['legalServices', 'Legal services', 'Juridische diensten', 'Services juridiques'],
  ['research', 'Research', 'Onderzoek', 'Recherche'],
  ['publicAdministration', 'Public administration', 'Openbaar bestuur', 'Administration publique'],
  ['education', 'Education', 'Onderwijs', 'Enseignement'],
  ['healthCare', 'Health care', 'Gezondheidszorg', 'Soins de santé'],
  ['socialWork', 'Social work', 'Maatschappelijk werk', 'Travail social'],
  ['arts', 'Arts', 'Kunsten', 'Arts'],
  ['sports', 'Sports', 'Sport', 'Sports'],
];

/** 28 employer classes (two pages at the default page size). */
export function seedEmployerClasses(): EmployerClassRecord[] {
  return CLASSES.map(([value, en, nl, fr]) => ({ value, description: { nl, fr, en } }));
}
