// What to check and where: --profile, --openapi, or for a given URL the API's own document at the guide's
// reserved `{base}/doc/openapi.json|yaml`; the built-in profile serves the reference API. The document's
// paths are made relative to the base path they carry, and the base URL matched to it.
import type { ProxyEnv, TlsMaterial } from '../core/http/auth/transport.js';
import { UsageError } from '../core/util/errors.js';
import { BUILT_IN_PROFILE, loadProfile, type Profile } from '../core/profile/profile.js';

/** How an OpenAPI document is fetched: the run's timeout, and for a real target its TLS material and proxy. */
export type LoadOptions = { timeoutMs: number; tls?: TlsMaterial; proxy?: ProxyEnv; headers?: Record<string, string> };

/** What to check and where. */
export interface TargetProfile {
  /** The base URL, matched to the document's base path. */
  url: string | undefined;
  profile: Profile;
  /** Where the profile came from, said after the run. */
  note?: string;
  /** --openapi: the contract responses are held to. */
  contract?: Record<string, unknown>;
  /** The GET paths the document declares without parameters. */
  declaredPaths?: string[];
  /** Where discovery asked for the API's document and found none (`/doc/openapi.json`, `/openapi.json`, ...). */
  documentsAsked?: string[];
  /** The API's own document read at `{base}/doc` (no --openapi): what coverage per operation is counted against. */
  published?: Record<string, unknown>;
}

/** Where the guide reserves the API's document. */
const RESERVED_DOCUMENTS = ['doc/openapi.json', 'doc/openapi.yaml'];
/**
 * Where frameworks publish it: FastAPI (`openapi.json`), Starlette's SchemaGenerator (`schema`, its docs' route),
 * springdoc (`v3/api-docs`), Quarkus (`q/openapi`), springfox (`v2/api-docs`), Swashbuckle, Fastify's swagger plugin
 * (`documentation/json`), NestJS (`<swagger path>-json` beside the UI page: `api-docs-json`, `api-json`), and the
 * common others. The base URL itself comes first (Mojolicious::Plugin::OpenAPI answers it with the document).
 */
const FRAMEWORK_DOCUMENTS = [
  '',
  'openapi.json',
  'openapi.yaml',
  'openapi',
  'schema',
  'v3/api-docs',
  'q/openapi',
  'v2/api-docs',
  'api-docs',
  'api-docs-json',
  'api-json',
  'swagger/v1/swagger.json',
  'swagger.json',
  'documentation/json',
  'docs/openapi.json',
];

/** Asked at the host's root when the base URL has a path: Koa and Express apps serve `/swagger.json` beside `/v1`. */
const ROOT_DOCUMENTS = ['openapi.json', 'swagger.json', 'openapi.yaml', 'v3/api-docs', 'api-docs'];

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What a profile holds, so a user sees why checks skipped: `2 collections, 1 document, 0 tasks, 0 controllers`. */
export const profileCounts = (profile: Profile): string =>
  [
    plural(profile.collections?.length ?? 0, 'collection'),
    plural(profile.documents?.length ?? 0, 'document'),
    plural(profile.tasks?.length ?? 0, 'task'),
    plural(profile.controllers?.length ?? 0, 'controller'),
  ].join(', ');

/** The profile, in order of precedence: --profile, --openapi (never both), the API's own document, the built-in one. */
export async function discoverProfile(
  given: string | undefined,
  sources: { profile?: string | undefined; openapi?: string | undefined },
  fetch: LoadOptions,
  cwd: string,
): Promise<TargetProfile> {
  const { profile, openapi } = sources;
  const { loadOpenApi, deriveProfile } = await import('../core/profile/openapi-profile.js');
  const { rebase } = await import('../core/profile/base-path.js');
  const { declaredGetPaths } = await import('../core/engine/probe-resources.js');
  // --openapi is also the contract responses are held to, even when --profile says what to check.
  const loaded = openapi ? await loadOpenApi(openapi, cwd, fetch) : undefined;
  // Its paths made relative to the base path they carry, and the base URL matched to it; a --profile's paths
  // are relative to the base URL given, which then stays as it is.
  const matched = loaded ? rebase(loaded, given) : undefined;
  const rebased =
    matched && profile && matched.baseUrl !== given
      ? { document: loaded!, baseUrl: given, basePath: undefined }
      : matched;
  const contract = rebased?.document;
  const url = rebased ? rebased.baseUrl : given;
  const found =
    rebased?.basePath && url !== undefined
      ? `; the API's paths start with ${rebased.basePath}, so it was checked at ${url}`
      : '';
  const located = { url, ...(contract ? { declaredPaths: declaredGetPaths(contract) } : {}) };
  if (profile) {
    const note = contract
      ? `the resources come from ${profile}; ${openapi} is the contract responses are held to${found}`
      : undefined;
    return {
      ...located,
      profile: await loadProfile(profile, cwd),
      ...(contract ? { contract } : {}),
      ...(note ? { note } : {}),
    };
  }
  if (contract) {
    const derived = deriveProfile(contract);
    return {
      ...located,
      profile: derived,
      contract,
      note: `the target was derived from ${openapi}: ${profileCounts(derived)}${found}`,
    };
  }
  if (url === undefined) return { url, profile: BUILT_IN_PROFILE };
  // Where the guide reserves the document, then where frameworks publish it, asked only of an API that answered.
  let answered = false;
  const asked: string[] = [];
  const { origin, pathname } = new URL(url);
  const atRoot = pathname.replace(/\/+$/, '') === '' ? [] : ROOT_DOCUMENTS.map((file) => `${origin}/${file}`);
  for (const file of [...RESERVED_DOCUMENTS, ...FRAMEWORK_DOCUMENTS, ...atRoot]) {
    if (!RESERVED_DOCUMENTS.includes(file) && !answered) break;
    const absolute = /^https?:/.test(file);
    // The base URL is named as such: the places listed are paths under it, or whole URLs at the host's root.
    asked.push(file === '' ? 'the base URL itself' : absolute ? file : `/${file}`);
    const at = file === '' ? url : absolute ? file : `${url}/${file}`;
    let published: Record<string, unknown>;
    try {
      published = await loadOpenApi(at, cwd, fetch);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      answered ||= /: HTTP \d+$/.test(error.message);
      continue;
    }
    if (await isReferenceDocument(published)) return { url, profile: BUILT_IN_PROFILE, published };
    // The document was found under the base URL given: only its paths are made relative to it.
    const { document } = rebase(published, url);
    const derived = deriveProfile(document);
    const reserved = RESERVED_DOCUMENTS.includes(file);
    const notReserved = 'not at /doc/openapi.json, where the guide reserves it';
    const elsewhere = reserved ? '' : file === '' ? ` (the base URL itself, ${notReserved})` : ` (${notReserved})`;
    return {
      url,
      declaredPaths: declaredGetPaths(document),
      published: document,
      // Not where the checks look for the API's own document: it is the contract the answers are held to.
      ...(reserved ? {} : { contract: document }),
      profile: derived,
      note: `no --profile or --openapi: the target was read from the API's own ${at}${elsewhere}: ${profileCounts(derived)}`,
    };
  }
  // Every place asked is named, so a user knows where to publish the document or what to give with --openapi.
  const none = `no --profile or --openapi, and no OpenAPI document at ${url} (asked ${asked.join(', ')})`;
  // Without a document, the API's root may still link its collections (an API root, an index of links).
  const { modelFromRoot } = await import('../core/profile/root-links.js');
  const fromRoot = await modelFromRoot(url, fetch);
  if (fromRoot)
    return {
      url,
      profile: fromRoot.profile,
      note: `${none}: the target was read from the links of its root ${fromRoot.root}: ${profileCounts(fromRoot.profile)}`,
    };
  // The probe's message names the base URL already ("it"): the places are the paths under it.
  const documentsAsked = asked.filter((place) => place.startsWith('/'));
  return { url, profile: {}, documentsAsked, note: `${none}: only API-wide checks ran` };
}

/** Whether a published document is the reference server's own (title and version alike). */
async function isReferenceDocument(document: Record<string, unknown>): Promise<boolean> {
  const { buildOpenApiDocument } = await import('../reference-server/openapi/document.js');
  const reference = buildOpenApiDocument()['info'] as Record<string, unknown>;
  const info = document['info'] as Record<string, unknown> | undefined;
  return info?.['title'] === reference['title'] && info?.['version'] === reference['version'];
}
