// A profile is the serializable description of what to check; resolving it yields the Target.
import { randomInt, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Ajv } from 'ajv';
import { parse as parseYaml } from 'yaml';
import { EMPTY_REASON, isBlankText } from '../util/blank-text.js';
import { UsageError } from '../util/errors.js';
import { describeSchemaError, type SchemaError } from './profile-errors.js';
import type { HttpClient } from '../http/http-client.js';
import { stringMatching } from '../../openapi/pattern.js';
import { isObject, valueAtDotted, type JsonObject, type JsonValue } from '../util/json.js';
import type { CollectionProfile, Profile } from './profile-shape.js';
import { PROFILE_SCHEMA } from './profile-schema.js';
import {
  fillTemplate,
  pageSizeQuery,
  supportsMethod,
  withQuery,
  type CollectionTarget,
  type DocumentTarget,
  type Target,
  type UniqueValue,
} from './target.js';
import { withoutTrailingSlashes } from './trailing-slashes.js';
import { itemParameter } from './path-templates.js';
import { listingOf } from './list-shape.js';
import { expandNested } from './nested-collections.js';

export type { CollectionProfile, DocumentProfile, ParameterSource, Profile } from './profile-shape.js';

/** The reference API of spec/rest-interface.md; sample ids are read from /employers at run time. */
export const BUILT_IN_PROFILE: Profile = {
  collections: [
    {
      path: '/employers',
      key: 'employerId',
      itemPath: '/employers/{employerId}',
      paging: { kind: 'offset' },
      filters: ['name', 'bankrupt'],
      // What the reference server's document declares: `name` repeats with OR.
      filterSchemas: { name: { type: 'string', multiple: true } },
      sorts: ['name', 'employerId'],
      embed: 'items',
      fullText: 'q',
      deleteCollection: true,
      create: {
        // The company must exist (a seeded one); only the employer id has to be new.
        body: {
          name: 'restguide test employer',
          employerId: 5000000000,
          company: { enterpriseNumber: '0200068636' },
          bankrupt: false,
        },
        unique: [{ path: 'employerId', kind: 'integer', min: 5_000_000_000, max: 5_899_999_999 }],
      },
    },
    {
      path: '/companies',
      key: 'enterpriseNumber',
      paging: { kind: 'cursor', param: 'afterCompany' },
      filters: ['name'],
      filterSchemas: { name: { type: 'string', multiple: true } },
    },
    { path: '/appendices/employerclasses', key: 'value', paging: { kind: 'offset' }, embed: 'items' },
  ],
  documents: [
    {
      path: '/employers/{employerId}',
      sampleIdsFrom: { collection: '/employers', property: 'employerId' },
      absentId: '5999999999',
      malformedIds: ['abc', '6000000000'],
      update: 'patch',
      patch: { bankrupt: true },
      etag: true,
      select: true,
      methods: ['GET', 'PUT', 'PATCH', 'DELETE'],
      readOnly: ['self', 'company.href'],
    },
  ],
  languages: ['en', 'nl', 'fr', 'de'],
  // A schema-valid image named `corrupt` makes the reference task end `failed`; a done one redirects to its image.
  tasks: [
    {
      path: '/images/tasks',
      body: { name: 'logo', width: 640, height: 480 },
      failingBody: { name: 'corrupt', width: 640, height: 480 },
      output: true,
    },
  ],
  controllers: [
    { path: '/convertMoney', method: 'GET', query: { from: 'EUR', amount: '10', to: 'USD' }, expectedStatus: 200 },
  ],
};

let validateProfile: (((data: unknown) => boolean) & { errors?: SchemaError[] | null }) | undefined;

/** Validates a parsed profile; a bad one is a UsageError naming the first bad field and what is allowed there. */
export function checkProfile(data: unknown, source: string): Profile {
  // verbose: the errors carry their schema and data, from which the allowed keys and values are told.
  validateProfile ??= new Ajv({ allErrors: false, strict: true, verbose: true }).compile(PROFILE_SCHEMA);
  if (!validateProfile(data))
    throw new UsageError(`bad profile ${source}: ${describeSchemaError(validateProfile.errors ?? [])}`);
  return data as Profile;
}

export async function loadProfile(file: string, cwd: string): Promise<Profile> {
  let text: string;
  try {
    text = await readFile(resolve(cwd, file), 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read profile ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  if (isBlankText(text)) throw new UsageError(`bad profile ${file}: ${EMPTY_REASON}`);
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    throw new UsageError(`bad profile ${file}: not YAML or JSON (${(error as Error).message.split('\n')[0]})`);
  }
  return checkProfile(data, file);
}

/** A fresh value for a unique property; never repeats within a process. */
const used = new Set<string>();
function uniqueValue(spec: UniqueValue, base: unknown): JsonValue {
  for (let attempt = 0; attempt < 100; attempt++) {
    let value: JsonValue;
    if (spec.kind === 'integer')
      value = randomInt(spec.min ?? 1, Math.min(spec.max ?? 2 ** 47, (spec.min ?? 1) + 2 ** 47 - 1) + 1);
    else if (spec.kind === 'digits') value = Array.from({ length: spec.length ?? 10 }, () => randomInt(0, 10)).join('');
    else value = (spec.pattern !== undefined ? withinPattern(spec, base) : undefined) ?? suffixed(spec, base);
    const key = `${spec.path}=${String(value)}`;
    if (!used.has(key)) {
      used.add(key);
      return value;
    }
  }
  throw new Error(`no unique value left for ${spec.path}`);
}

/**
 * The base value plus a random suffix; a string's `length` is its maximum: the base is cut so the suffix always
 * fits, and a length shorter than the suffix keeps only its random part (what makes the value unique).
 */
function suffixed(spec: UniqueValue, base: unknown): string {
  const random = randomUUID().replace(/-/g, '');
  const text = typeof base === 'string' ? base : 'restguide';
  if (spec.length === undefined) return `${text}-${random.slice(0, 8)}`;
  if (spec.length <= 9) return random.slice(0, spec.length);
  return `${text.slice(0, spec.length - 9)}-${random.slice(0, 8)}`;
}

/** A fresh string the pattern matches within the length: made from the pattern, else the base varied within it. */
function withinPattern(spec: UniqueValue, base: unknown): string | undefined {
  const pattern = spec.pattern as string;
  for (let attempt = 0; attempt < 10; attempt++) {
    const made = stringMatching(pattern, () => randomInt(0, 2 ** 32) / 2 ** 32);
    if (made !== undefined && made.length <= (spec.length ?? Infinity)) return made;
  }
  return variedWithin(pattern, base);
}

const DIGITS = '0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();

/**
 * The base value with its digits (then also its letters) changed at random, each to one of its kind, until
 * `pattern` matches it, bounded: a key whose example fits its pattern gets fresh values that fit it too.
 * Undefined when the base is no string, the pattern does not compile, or no variation matched.
 */
function variedWithin(pattern: string, base: unknown): string | undefined {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  if (typeof base !== 'string' || !regex.test(base)) return undefined;
  const pick = (chars: string): string => chars[randomInt(0, chars.length)] as string;
  // Digits first (a prefix such as `BE` stays), then letters too: a value of letters alone has no digits to vary.
  for (const letters of [false, true]) {
    for (let attempt = 0; attempt < 40; attempt++) {
      const varied = [...base]
        .map((c) =>
          DIGITS.includes(c)
            ? pick(DIGITS)
            : letters && LOWER.includes(c)
              ? pick(LOWER)
              : letters && UPPER.includes(c)
                ? pick(UPPER)
                : c,
        )
        .join('');
      if (varied !== base && regex.test(varied)) return varied;
    }
  }
  return undefined;
}

function setAt(target: JsonObject, path: string, value: JsonValue): void {
  const steps = path.split('.');
  let current: JsonObject = target;
  for (const step of steps.slice(0, -1)) {
    const next = current[step];
    if (!isObject(next)) current[step] = {};
    current = current[step] as JsonObject;
  }
  current[steps[steps.length - 1] as string] = value;
}

function collectionTarget(profile: CollectionProfile): CollectionTarget {
  const pageSizeParam = profile.pageSizeParam ?? 'pageSize';
  const create = profile.create
    ? {
        body: profile.create.body,
        unique: profile.create.unique ?? [],
        ...(profile.create.fromSchema ? { fromSchema: true } : {}),
        ...(profile.create.optional?.length ? { optional: profile.create.optional } : {}),
        ...(profile.create.refusals?.length ? { refusals: profile.create.refusals } : {}),
      }
    : undefined;
  return {
    kind: 'collection',
    path: profile.path,
    pageSizeParam,
    ...(profile.unpaged ? { unpaged: true } : {}),
    pageParam: profile.pageParam ?? 'page',
    ...(profile.key !== undefined ? { key: profile.key } : {}),
    ...(profile.itemPath !== undefined ? { itemPath: profile.itemPath } : {}),
    ...(profile.paging !== undefined ? { paging: profile.paging } : {}),
    ...(profile.foreignPaging !== undefined ? { foreignPaging: profile.foreignPaging } : {}),
    ...(profile.foreignSort !== undefined ? { foreignSort: profile.foreignSort } : {}),
    ...(profile.embed !== undefined ? { embed: profile.embed } : {}),
    ...(profile.fullText !== undefined ? { fullText: profile.fullText } : {}),
    ...(create ? { create } : {}),
    filters: profile.filters ?? [],
    ...(profile.filterSchemas ? { filterSchemas: profile.filterSchemas } : {}),
    sorts: profile.sorts ?? [],
    deleteCollection: profile.deleteCollection ?? false,
    ...(profile.methods ? { methods: profile.methods.map((method) => method.toUpperCase()) } : {}),
    // A required parameter goes on every first page: without it the API answers 400, not a page.
    firstPage: (options = {}) =>
      withQuery(profile.path, {
        ...profile.query,
        ...pageSizeQuery(profile, options.pageSize),
        ...options.query,
      }),
    createBody: () => {
      if (!create) throw new Error(`collection ${profile.path} has no create body in the profile`);
      const body = structuredClone(create.body);
      for (const spec of create.unique) setAt(body, spec.path, uniqueValue(spec, valueAtDotted(body, spec.path)));
      return body;
    },
  };
}

/** Turns a profile into the Target of a run; reads sample ids from collections when asked (counted requests). */
export async function resolveTarget(profile: Profile, client: Pick<HttpClient, 'request'>): Promise<Target> {
  // Nested collections and their documents take concrete paths from what the API lists (bounded).
  const expanded = await expandNested(profile.collections ?? [], profile.documents ?? [], client);
  const templateOf = (path: string) => {
    const template = expanded.templates.get(path);
    return template === undefined ? {} : { template };
  };
  const collections = expanded.collections.map((c) => ({ ...collectionTarget(c), ...templateOf(c.path) }));
  const documents: DocumentTarget[] = [];
  for (const doc of expanded.documents) {
    const param = itemParameter(doc.path) ?? 'id';
    const source = collections.find((c) => c.path === doc.sampleIdsFrom?.collection);
    const sampleIds =
      doc.sampleIds ?? (doc.sampleIdsFrom ? await readSampleIds(client, doc.sampleIdsFrom, source) : []);
    const methods = doc.methods?.map((method) => method.toUpperCase());
    // A document the checks create must be removable again: without DELETE it gets no creator.
    const creator = supportsMethod({ methods }, 'DELETE')
      ? collections.find((collection) => collection.create !== undefined && collection.itemPath === doc.path)
      : undefined;
    documents.push({
      kind: 'document',
      path: doc.path,
      param,
      sampleIds,
      ...(doc.absentId !== undefined ? { absentId: doc.absentId } : {}),
      malformedIds: doc.malformedIds ?? [],
      ...(doc.update !== undefined ? { update: doc.update } : {}),
      ...(doc.patch !== undefined ? { patch: doc.patch } : {}),
      etag: doc.etag ?? false,
      select: doc.select ?? false,
      ...(methods ? { methods } : {}),
      ...(doc.readOnly ? { readOnly: doc.readOnly } : {}),
      ...(doc.writable ? { writable: doc.writable } : {}),
      ...(creator ? { creator } : {}),
      ...templateOf(doc.path),
      url: (id) => fillTemplate(doc.path, { [param]: id }),
    });
  }
  return {
    api: {
      kind: 'api',
      path: '/',
      health: profile.api?.health ?? '/health',
      openapiJson: profile.api?.openapiJson ?? '/doc/openapi.json',
      openapiYaml: profile.api?.openapiYaml ?? '/doc/openapi.yaml',
      traceHeader: profile.api?.traceHeader ?? 'BelGov-Trace-Id',
      ...(profile.languages ? { languages: profile.languages.map((language) => language.toLowerCase()) } : {}),
    },
    collections,
    documents,
    tasks: (profile.tasks ?? []).map(({ maxWait, ...task }) => ({
      kind: 'task' as const,
      ...task,
      ...(maxWait !== undefined ? { maxWaitMs: maxWait } : {}),
    })),
    controllers: (profile.controllers ?? []).map(({ methods, ...c }) => ({
      kind: 'controller' as const,
      ...c,
      ...(methods ? { methods: methods.map((method) => method.toUpperCase()) } : {}),
      method: c.method ?? 'GET',
      expectedStatus: c.expectedStatus ?? 200,
    })),
    ...(expanded.leftOut.length ? { leftOut: expanded.leftOut } : {}),
  };
}

/** Up to five ids from the first page; a target that cannot list them leaves checks to skip. */
async function readSampleIds(
  client: Pick<HttpClient, 'request'>,
  from: { collection: string; property?: string },
  source?: { pageSizeParam?: string; unpaged?: boolean },
): Promise<string[]> {
  try {
    const page = await client.request({ url: withQuery(from.collection, pageSizeQuery(source ?? {}, 5)) });
    // Items listed under another name, or a bare array, are no guide collection (collection.items-array and
    // collection.is-object say so), but they still name existing ids.
    const items = listingOf(page.response.json)?.items;
    if (page.response.status !== 200 || !Array.isArray(items)) return [];
    const ids = items.slice(0, 5).map((item) => {
      const value = from.property ? valueAtDotted(item, from.property) : undefined;
      if (typeof value === 'string' || typeof value === 'number') return String(value);
      const href = valueAtDotted(item, 'href');
      return typeof href === 'string' ? decodeURIComponent(withoutTrailingSlashes(href).split('/').pop() ?? '') : '';
    });
    return ids.filter((id) => id !== '');
  } catch {
    return [];
  }
}
