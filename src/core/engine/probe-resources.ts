// Before any check, every resource of the profile is asked once whether it exists, so a profile
// that names a wrong path is one clear error (exit 2), not a run of fake guide violations.
import { UsageError } from '../util/errors.js';
import { TransportError, type HttpClient } from '../http/http-client.js';
import { serversPath } from '../profile/base-path.js';
import { redactUrl } from '../report/redact.js';
import { withoutTrailingSlashes } from '../profile/trailing-slashes.js';
import type { Target } from '../profile/target.js';

interface Probe {
  what: string;
  url: string;
}

/** The cheap GETs that tell whether the profile's resources exist; POST-only ones (tasks, POST controllers) are not probed. */
function probesOf(target: Target): Probe[] {
  const probes: Probe[] = target.collections.map((c) => ({
    what: `collection ${c.path}`,
    url: c.firstPage({ pageSize: 1 }),
  }));
  for (const document of target.documents) {
    const id = document.sampleIds[0];
    if (id !== undefined) probes.push({ what: `document ${document.path} (sample id ${id})`, url: document.url(id) });
  }
  for (const controller of target.controllers) {
    // A GET controller that is meant to answer 404 says nothing by answering it.
    if (controller.method === 'GET' && controller.expectedStatus !== 404) {
      const query = new URLSearchParams(controller.query ?? {}).toString();
      probes.push({
        what: `controller ${controller.path}`,
        url: query ? `${controller.path}?${query}` : controller.path,
      });
    }
  }
  return probes;
}

/** What the run knows before probing: the base URL's answer, and whether it was given credentials. */
export interface ProbeContext {
  baseStatus?: number;
  credentials: boolean;
  /** The base URL the OpenAPI document's `servers` give, when it differs from the run's: the likely right one. */
  serversUrl?: string;
  /** GET paths the API's document declares without parameters: asked too before the target is called empty. */
  declaredPaths?: readonly string[];
  /** Where discovery asked for the API's document and found none; absent, the guide's /doc/openapi.json|yaml. */
  documentsAsked?: readonly string[];
}

/** Declared paths asked at most, so a document of hundreds of paths costs a few requests. */
const DECLARED_PROBES = 5;

/** The document's GET paths without parameters (`/2010-04-01/Accounts.json`), shortest first. */
export function declaredGetPaths(document: Record<string, unknown> | undefined): string[] {
  const paths = document?.['paths'];
  if (typeof paths !== 'object' || paths === null) return [];
  return Object.entries(paths as Record<string, unknown>)
    .filter(([path, item]) => !path.includes('{') && typeof item === 'object' && item !== null && 'get' in item)
    .map(([path]) => path)
    .sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
}

const HOW_TO_GIVE =
  "-H 'Authorization: Bearer <token>', or --oauth2-token-url <url> --client-id <id> with the secret in RESTGUIDE_CLIENT_SECRET";
/** An API whose 401 challenges only Basic (RFC 7617) takes a user and password, not a token. */
const HOW_TO_GIVE_BASIC = "-H 'Authorization: Basic <base64 of user:password>'";

/** Whether the refusals challenge Basic and never Bearer: the hint then says how to give a Basic credential. */
const basicOnly = (answers: ReadonlyArray<{ challenge?: string | undefined }>): boolean => {
  const schemes = answers.flatMap((a) => (a.challenge ? [a.challenge] : []));
  return schemes.length > 0 && schemes.every((c) => /^\s*basic\b/i.test(c) && !/\bbearer\b/i.test(c));
};

/**
 * How to give credentials, or why those given do not do, for an API that answered only 401 or 403: to every
 * request (`every request`), or to every resource while its open endpoints (the base URL, /health, /doc) answer.
 */
function credentialsHint(
  status: number,
  credentials: boolean,
  what = 'every request was answered',
  basic = false,
): string {
  if (status === 403) return `${what} 403: the credentials lack the rights or scopes to read the API (--scope)`;
  if (credentials && basic) return `${what} 401 with the credentials given: check the user and password`;
  if (credentials)
    return `${what} 401 with the credentials given: check the token, or the OAuth2 client and --oauth2-token-url`;
  return `${what} 401: the API needs credentials: ${basic ? HOW_TO_GIVE_BASIC : HOW_TO_GIVE}`;
}

/** `every resource answered` with what the open part of the API answered, e.g. `(GET /employers, GET /companies; the base URL answered 200)`. */
function resourcesRefused(answers: ReadonlyArray<{ url: string }>, baseStatus: number | undefined): string {
  const shown = answers
    .slice(0, 3)
    .map((a) => `GET ${redactUrl(a.url)}`)
    .join(', ');
  const more = answers.length > 3 ? ` and ${answers.length - 3} more` : '';
  const open = baseStatus === undefined ? '' : `; the base URL answered ${baseStatus}`;
  return `every resource (${shown}${more}${open}) answered`;
}

/**
 * Throws a UsageError naming every resource that answered 404 or 410, or saying how to give credentials
 * when the base URL and every resource answered 401 or 403; transport errors are left to the checks.
 */
export async function probeResources(
  target: Target,
  client: HttpClient,
  known: ProbeContext = { credentials: false },
): Promise<void> {
  const answers = await Promise.all(
    probesOf(target).map(async (probe) => {
      try {
        const exchange = await client.request({ url: probe.url });
        const challenge = exchange.response.headers['www-authenticate'];
        return { probe, status: exchange.response.status, url: exchange.request.url, challenge };
      } catch (error) {
        if (error instanceof TransportError) return undefined;
        throw error;
      }
    }),
  );
  const statuses = [
    ...(known.baseStatus === undefined ? [] : [known.baseStatus]),
    ...answers.flatMap((a) => (a ? [a.status] : [])),
  ];
  const refused = statuses.length > 0 && statuses.every(isRefusal);
  const resources = answers.filter((a) => a !== undefined);
  if (refused)
    throw new UsageError(
      credentialsHint(statuses.includes(401) ? 401 : 403, known.credentials, undefined, basicOnly(resources)),
    );
  // A protected API keeps its base URL, /health and /doc open (as the guide wants): refused resources are enough.
  if (resources.length > 0 && resources.every((a) => isRefusal(a.status))) {
    const status = resources.some((a) => a.status === 401) ? 401 : 403;
    throw new UsageError(
      credentialsHint(status, known.credentials, resourcesRefused(resources, known.baseStatus), basicOnly(resources)),
    );
  }
  const missing = answers.filter((a) => a !== undefined && (a.status === 404 || a.status === 410));
  if (missing.length === 0) return;
  const list = missing.map((a) => `${a?.probe.what} (GET ${redactUrl(a?.url ?? '')} answered ${a?.status})`).join('; ');
  const likely = known.serversUrl
    ? `; the OpenAPI document's servers give ${redactUrl(known.serversUrl)}: is that the base URL?`
    : "; fix the profile's paths";
  throw new UsageError(
    `the profile names ${missing.length === 1 ? 'a resource' : 'resources'} the API does not have: ${list}${likely}`,
  );
}

/**
 * Throws a UsageError when nothing of the API answers at the base URL: no resource to probe, and it, /health
 * and the GET paths its document declares answer 404; or when those paths answer only 401/403 (credentials).
 */
export async function probeEmptyTarget(target: Target, client: HttpClient, known: ProbeContext): Promise<void> {
  const resources =
    target.collections.length + target.documents.length + target.tasks.length + target.controllers.length;
  if (resources > 0) return;
  // The reserved endpoints are open on a protected API: only the API's own resources tell whether credentials are needed.
  const reserved = new Set(['/', '', target.api.health, target.api.openapiJson, target.api.openapiYaml]);
  const declared = await askDeclared(
    client,
    (known.declaredPaths ?? []).filter((path) => !reserved.has(path)),
  );
  if (declared.length > 0 && declared.every((a) => isRefusal(a.status))) {
    throw new UsageError(
      credentialsHint(
        declared.some((a) => a.status === 401) ? 401 : 403,
        known.credentials,
        resourcesRefused(declared, known.baseStatus),
        basicOnly(declared),
      ),
    );
  }
  if (declared.some((a) => !isMissing(a.status)) || known.baseStatus === undefined || !isMissing(known.baseStatus))
    return;
  const health = await client.request({ url: target.api.health, credentials: false }).catch(() => undefined);
  if (health === undefined || !isMissing(health.response.status)) return;
  // The example replaces the path given (a wrong base path, not a missing one): `/v1` must not become `/v1/myApi/v1`.
  const likely = known.serversUrl
    ? `the OpenAPI document's servers give ${redactUrl(known.serversUrl)}`
    : `e.g. ${redactUrl(new URL(client.baseUrl).origin)}/myApi/v1`;
  const paths =
    declared.length === 0
      ? ''
      : `, ${declared.map((a) => `GET ${redactUrl(a.url)}`).join(', ')} (declared by the OpenAPI document)`;
  // Discovery asked where frameworks publish the document too: named, and --openapi offered, as the base URL may be right.
  const documents = known.documentsAsked
    ? `the places an OpenAPI document is published (${known.documentsAsked.join(', ')})`
    : '/doc/openapi.json|yaml';
  const openapi = known.documentsAsked ? ", or the API's OpenAPI document with --openapi" : '';
  throw new UsageError(
    `nothing of an API answers at ${redactUrl(client.baseUrl)}: it, ${target.api.health}${paths} and ${documents} answered 404, so there is nothing to check; give the base URL with the API's path (${likely})${openapi}`,
  );
}

const isRefusal = (status: number): boolean => status === 401 || status === 403;
const isMissing = (status: number): boolean => status === 404 || status === 410;

/** A few of the document's declared GET paths, with the run's credentials: what they answered (transport errors left out). */
async function askDeclared(
  client: HttpClient,
  paths: readonly string[],
): Promise<Array<{ url: string; status: number; challenge: string | undefined }>> {
  const answers = await Promise.all(
    paths.slice(0, DECLARED_PROBES).map(async (path) => {
      try {
        const exchange = await client.request({ url: path });
        const challenge = exchange.response.headers['www-authenticate'];
        return { url: exchange.request.url, status: exchange.response.status, challenge };
      } catch (error) {
        if (error instanceof TransportError) return undefined;
        throw error;
      }
    }),
  );
  return answers.filter((a) => a !== undefined);
}

/**
 * The base URL the OpenAPI document's `servers` path gives on the run's origin (`/registry/v1`); undefined when it
 * names no path or the run's. Its host is not the hint: a document names its production host, the run a test one.
 */
export function serversUrlOf(contract: Record<string, unknown> | undefined, baseUrl: string): string | undefined {
  const path = contract ? serversPath(contract) : '';
  if (!path) return undefined;
  const url = `${new URL(baseUrl).origin}${path}`;
  return url === withoutTrailingSlashes(baseUrl) ? undefined : url;
}
