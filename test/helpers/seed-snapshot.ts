// What the golden runs must leave as they found it: the reference server's seed data.

export interface SeedSnapshot {
  total: unknown;
  employers: Record<string, unknown>;
  companies: unknown;
}

/** Every employer in full (the seed has 120, at most 3 pages of 50) and the companies' first page. */
export async function seedSnapshot(url: string): Promise<SeedSnapshot> {
  const pages = await Promise.all(
    [1, 2, 3].map(
      async (page) =>
        (await fetch(`${url}/employers?pageSize=50&page=${page}&embed=items`)).json() as Promise<{
          total?: unknown;
          embedded?: Record<string, unknown>;
        }>,
    ),
  );
  const companies = (await (await fetch(`${url}/companies?pageSize=100`)).json()) as { items?: unknown };
  return {
    total: pages[0]?.total,
    employers: Object.assign({}, ...pages.map((page) => page.embedded)) as Record<string, unknown>,
    companies: companies.items,
  };
}
