// Nested collections (`/Accounts/{AccountSid}/Calls.json`) made concrete at run time: each parent parameter takes
// the values the API lists (the parent collection's items' key, or their URLs), else the document's examples,
// never an invented one. A sample is kept, bounded per parent and in total; what is left out is said, with why.
import type { HttpClient } from '../http/http-client.js';
import { isObject } from '../util/json.js';
import { listingOf } from './list-shape.js';
import { PARAMETERS } from './path-templates.js';
import type { CollectionProfile, DocumentProfile, ParameterSource } from './profile-shape.js';
import { pageSizeQuery, withQuery } from './target.js';
import { withoutTrailingSlashes } from './trailing-slashes.js';

/** At most `perParent` parent items are sampled for each nested collection, and `total` nested collections in a run. */
export const NESTED_LIMITS = { perParent: 2, total: 60 };

/** A path template of the profile the run could not make concrete, and why. */
export interface LeftOut {
  path: string;
  why: string;
}

export interface Expanded {
  collections: CollectionProfile[];
  documents: DocumentProfile[];
  /** The template each concrete path was made from. */
  templates: Map<string, string>;
  leftOut: LeftOut[];
}

interface Assignment {
  values: string[];
  /** Some value came from the document's examples, not from what the API lists. */
  fromExample: boolean;
}

interface Page {
  status: number;
  items: unknown[];
}

const parametersIn = (path: string): string[] => [...path.matchAll(PARAMETERS)].map((m) => m[1] ?? '');

/** Fills a template's parameters in order with `values` (a parent's are the first parameters of its children). */
function fillInOrder(template: string, values: readonly string[]): string {
  let index = 0;
  return template.replace(PARAMETERS, (whole) => {
    const value = values[index++];
    return value === undefined ? whole : encodeURIComponent(value);
  });
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The value of the last parameter of `itemPath` in a URL whose path ends as the template does; undefined else. */
function valueInUrl(url: string, itemPath: string): string | undefined {
  const pattern = withoutTrailingSlashes(itemPath)
    .split(PARAMETERS)
    .map((part, index) => (index % 2 === 1 ? '([^/?#]+)' : escapeRegExp(part)))
    .join('');
  let pathname: string;
  try {
    pathname = withoutTrailingSlashes(new URL(url, 'http://host/').pathname);
  } catch {
    return undefined;
  }
  const match = new RegExp(`${pattern}$`).exec(pathname);
  const last = match?.[match.length - 1];
  if (last === undefined) return undefined;
  try {
    return decodeURIComponent(last);
  } catch {
    return undefined;
  }
}

/** The parent values an item holds: its key, else the last parameter of its own URL (`uri`, `href`, `self`). */
function valueOfItem(item: unknown, source: ParameterSource, itemPath: string | undefined): string | undefined {
  if (!isObject(item)) return undefined;
  const key = source.property === undefined ? undefined : item[source.property];
  if ((typeof key === 'string' && key !== '') || typeof key === 'number') return String(key);
  if (itemPath === undefined) return undefined;
  for (const name of ['uri', 'href', 'self', 'url']) {
    const member = item[name];
    const link = isObject(member) ? member['href'] : member;
    const value = typeof link === 'string' ? valueInUrl(link, itemPath) : undefined;
    if (value !== undefined && value !== '') return value;
  }
  return undefined;
}

/**
 * Each nested collection gets its first sample before any gets a second, up to the total; those
 * left without one get their reason in `why`.
 */
function chooseSamples(
  nested: readonly CollectionProfile[],
  found: ReadonlyMap<string, Assignment[]>,
  limits: typeof NESTED_LIMITS,
  why: Map<string, string>,
): Map<string, Assignment[]> {
  const chosen = new Map<string, Assignment[]>();
  let count = 0;
  for (let rank = 0; rank < limits.perParent && count < limits.total; rank++)
    for (const collection of nested) {
      const assignment = found.get(collection.path)?.[rank];
      if (assignment === undefined || count >= limits.total) continue;
      chosen.set(collection.path, [...(chosen.get(collection.path) ?? []), assignment]);
      count++;
    }
  const cut = nested.filter((c) => found.has(c.path) && !chosen.has(c.path)).length;
  for (const collection of nested)
    if (found.has(collection.path) && !chosen.has(collection.path))
      why.set(collection.path, `left out: a run checks at most ${limits.total} nested collections (${cut} more found)`);
  return chosen;
}

/** The concrete paths of the profile's nested collections and documents, the rest as they are. */
export async function expandNested(
  collections: readonly CollectionProfile[],
  documents: readonly DocumentProfile[],
  client: Pick<HttpClient, 'request'>,
  limits = NESTED_LIMITS,
): Promise<Expanded> {
  const isNested = (path: string): boolean => parametersIn(path).length > 0;
  const nested = collections.filter((c) => isNested(c.path));
  // A document read through a nested collection is made concrete with it; any other stays as the profile says.
  const throughNested = (d: DocumentProfile): boolean =>
    d.sampleIdsFrom !== undefined && isNested(d.sampleIdsFrom.collection);
  if (nested.length === 0 && !documents.some(throughNested))
    return { collections: [...collections], documents: [...documents], templates: new Map(), leftOut: [] };

  const pages = new Map<string, Promise<Page>>();
  const sizeOf = (path: string) => pageSizeQuery(collections.find((c) => c.path === path) ?? {}, 5);
  /** The first page of a concrete collection, read once for the run. */
  const read = (template: string, path: string): Promise<Page> => {
    let page = pages.get(path);
    if (page === undefined) {
      page = client
        .request({ url: withQuery(path, sizeOf(template)) })
        .then(({ response }) => ({
          status: response.status,
          items: response.status === 200 ? (listingOf(response.json, { knownList: true })?.items ?? []) : [],
        }))
        .catch(() => ({ status: 0, items: [] }));
      pages.set(path, page);
    }
    return page;
  };

  const found = new Map<string, Assignment[]>();
  const why = new Map<string, string>();
  /** The concrete parent values of a nested collection, parents first (each template's parents have fewer parameters). */
  const assign = async (collection: CollectionProfile): Promise<void> => {
    let partial: Assignment[] = [{ values: [], fromExample: false }];
    for (const name of parametersIn(collection.path)) {
      const source = collection.parameters?.[name] ?? {};
      const next: Assignment[] = [];
      const reasons: string[] = [];
      for (const assignment of partial) {
        let listed: string[] = [];
        if (source.collection !== undefined) {
          const parent = fillInOrder(source.collection, assignment.values);
          if (isNested(parent)) reasons.push(`its parent ${source.collection} was not made concrete`);
          else {
            const page = await read(source.collection, parent);
            const itemPath = source.itemPath && fillInOrder(source.itemPath, assignment.values);
            listed = page.items
              .map((item) => valueOfItem(item, source, itemPath))
              .filter((v): v is string => v !== undefined);
            if (listed.length === 0)
              reasons.push(
                page.status === 200
                  ? `GET ${parent} listed no {${name}}`
                  : `GET ${parent} answered ${page.status === 0 ? 'nothing' : page.status}`,
              );
          }
        } else reasons.push(`no collection of the profile lists values for {${name}}`);
        const examples = listed.length === 0 ? (source.examples ?? []) : [];
        for (const value of [...new Set(listed.length > 0 ? listed : examples)].slice(0, limits.perParent))
          next.push({
            values: [...assignment.values, value],
            fromExample: assignment.fromExample || listed.length === 0,
          });
        if (next.length >= limits.perParent) break;
      }
      partial = next.slice(0, limits.perParent);
      if (partial.length === 0) {
        why.set(
          collection.path,
          `not modeled: ${[...new Set(reasons)].join('; ')}, and the document gives no example of {${name}}`,
        );
        return;
      }
    }
    // A value from the document's examples may name nothing on this API: kept only where the API answers 200.
    const checked: Assignment[] = [];
    let refused = '';
    for (const assignment of partial) {
      if (!assignment.fromExample) checked.push(assignment);
      else {
        const path = fillInOrder(collection.path, assignment.values);
        const page = await read(collection.path, path);
        if (page.status === 200) checked.push(assignment);
        else
          refused ||= `not modeled: GET ${path}, made from the document's examples, answered ${page.status === 0 ? 'nothing' : page.status}`;
      }
    }
    if (checked.length > 0) found.set(collection.path, checked);
    else why.set(collection.path, refused);
  };
  // Parents before children: by the number of parameters, each level read concurrently.
  const depths = [...new Set(nested.map((c) => parametersIn(c.path).length))].sort((a, b) => a - b);
  for (const depth of depths)
    await Promise.all(nested.filter((c) => parametersIn(c.path).length === depth).map(assign));

  const chosen = chooseSamples(nested, found, limits, why);

  const templates = new Map<string, string>();
  const concrete: CollectionProfile[] = [];
  for (const collection of collections) {
    if (!isNested(collection.path)) {
      concrete.push(collection);
      continue;
    }
    for (const assignment of chosen.get(collection.path) ?? []) {
      const { parameters: _sources, ...rest } = collection;
      const path = fillInOrder(collection.path, assignment.values);
      templates.set(path, collection.path);
      concrete.push({
        ...rest,
        path,
        ...(collection.itemPath ? { itemPath: fillInOrder(collection.itemPath, assignment.values) } : {}),
      });
    }
  }
  const leftOut: LeftOut[] = [...why].map(([path, reason]) => ({ path, why: reason }));
  const concreteDocuments: DocumentProfile[] = [];
  for (const document of documents) {
    if (!throughNested(document)) {
      concreteDocuments.push(document);
      continue;
    }
    const from = document.sampleIdsFrom?.collection;
    const assignments = from === undefined ? [] : (chosen.get(from) ?? []);
    for (const assignment of assignments) {
      const path = fillInOrder(document.path, assignment.values);
      templates.set(path, document.path);
      concreteDocuments.push({
        ...document,
        path,
        sampleIdsFrom: { ...document.sampleIdsFrom, collection: fillInOrder(from ?? '', assignment.values) },
      });
    }
    if (assignments.length === 0)
      leftOut.push({
        path: document.path,
        why: (from && why.get(from)) ?? `not modeled: ${from ?? ''} is no collection of the profile`,
      });
  }
  return { collections: concrete, documents: concreteDocuments, templates, leftOut };
}
