import type { Localized } from '../i18n.js';

export interface EmployerRecord {
  employerId: number;
  name: string;
  enterpriseNumber: string;
  bankrupt: boolean;
  bankruptDate?: string;
}
export interface CompanyRecord { enterpriseNumber: string; name: string }
export interface EmployerClassRecord { value: string; description: Omit<Localized, 'de'> }

const PREFIXES = ['Acme', 'Belfry', 'Canal', 'Delta', 'Ember', 'Flanders', 'Garnet', 'Harbor', 'Iris', 'Juniper'];
const SUFFIXES = ['Construction', 'Logistics', 'Bakery', 'Consulting', 'Textiles', 'Software', 'Brewery', 'Transport'];
const COMPANY_WORDS = ['Atlas', 'Beacon', 'Cobalt', 'Dune', 'Everest', 'Fjord', 'Glacier', 'Horizon', 'Indigo', 'Jade', 'Kestrel', 'Lagoon'];
const COMPANY_FORMS = ['NV', 'BV', 'CV', 'VZW', 'SRL'];

export const SEED_COMPANY_COUNT = 60;
export const SEED_EMPLOYER_COUNT = 120;

/** 60 companies, enterprise numbers 0200068636 + i × 1010101, names unique. */
export function seedCompanies(): CompanyRecord[] {
  return Array.from({ length: SEED_COMPANY_COUNT }, (_, i) => ({
    enterpriseNumber: `0${String(200068636 + i * 1010101).padStart(9, '0')}`,
    name: `${COMPANY_WORDS[i % 12]} ${COMPANY_FORMS[Math.floor(i / 12)]}`,
  }));
}

/**
 * 120 employers. Employer 0 has id 93 (so /employers/0093 shows leading zeros are ignored), the others
 * 1000 + i × 17. Names cycle through 80 names, so the first 40 names (e.g. "Acme Construction") belong to
 * two employers each. The 20 employers with i % 6 === 5 are bankrupt (so of the two "Flanders Construction", only id 1085 is).
 */
export function seedEmployers(companies: CompanyRecord[]): EmployerRecord[] {
  return Array.from({ length: SEED_EMPLOYER_COUNT }, (_, i) => {
    const k = i % 80;
    const record: EmployerRecord = {
      employerId: i === 0 ? 93 : 1000 + i * 17,
      name: `${PREFIXES[k % 10]} ${SUFFIXES[Math.floor(k / 10)]}`,
      enterpriseNumber: companies[i % companies.length]!.enterpriseNumber,
      bankrupt: i % 6 === 5,
    };
    if (record.bankrupt) record.bankruptDate = `2023-${String((i % 12) + 1).padStart(2, '0')}-15`;
    return record;
  });
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
