// Caching statements for the resources that never change in the reference API ([prf-cach]).

/** Code lists and appendices: reference data, cacheable by any client for a day ([doc-refdata]). */
export const CODE_LIST_CACHING = { 'Cache-Control': 'public, max-age=86400' } as const;

/** Seeded registry entities (companies, persons, addresses, stores): read-only here, fresh for five minutes. */
export const ENTITY_CACHING = { 'Cache-Control': 'max-age=300' } as const;
