// Before any check, every resource of the profile is asked once whether it exists, so a profile
// that names a wrong path is one clear error (exit 2), not a run of fake guide violations.
import { UsageError } from './errors.js';
import { TransportError, type HttpClient } from './http-client.js';
import { redactUrl } from './redact.js';
import type { Target } from './target.js';

interface Probe { what: string; url: string }

/** The cheap GETs that tell whether the profile's resources exist; POST-only ones (tasks, POST controllers) are not probed. */
function probesOf(target: Target): Probe[] {
  const probes: Probe[] = target.collections.map((c) => ({ what: `collection ${c.path}`, url: c.firstPage({ pageSize: 1 }) }));
  for (const document of target.documents) {
    const id = document.sampleIds[0];
    if (id !== undefined) probes.push({ what: `document ${document.path} (sample id ${id})`, url: document.url(id) });
  }
  for (const controller of target.controllers) {
    // A GET controller that is meant to answer 404 says nothing by answering it.
    if (controller.method === 'GET' && controller.expectedStatus !== 404) {
      const query = new URLSearchParams(controller.query ?? {}).toString();
      probes.push({ what: `controller ${controller.path}`, url: query ? `${controller.path}?${query}` : controller.path });
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
}

/** How to give credentials, or why those given do not do, for an API that answered only 401 or 403. */
function credentialsHint(status: number, credentials: boolean): string {
  if (status === 403) return `every request was answered 403: the credentials lack the rights or scopes to read the API (--scope)`;
  if (credentials) return `every request was answered 401 with the credentials given: check the token, or the OAuth2 client and --oauth2-token-url`;
  return "every request was answered 401: the API needs credentials: -H 'Authorization: Bearer <token>', or --oauth2-token-url <url> --client-id <id> with the secret in RESTGUIDE_CLIENT_SECRET";
}

/**
 * Throws a UsageError naming every resource that answered 404 or 410, or saying how to give credentials
 * when the base URL and every resource answered 401 or 403; transport errors are left to the checks.
 */
export async function probeResources(target: Target, client: HttpClient, known: ProbeContext = { credentials: false }): Promise<void> {
  const answers = await Promise.all(probesOf(target).map(async (probe) => {
    try {
      const exchange = await client.request({ url: probe.url });
      return { probe, status: exchange.response.status, url: exchange.request.url };
    } catch (error) {
      if (error instanceof TransportError) return undefined;
      throw error;
    }
  }));
  const statuses = [...(known.baseStatus === undefined ? [] : [known.baseStatus]), ...answers.flatMap((a) => (a ? [a.status] : []))];
  const refused = statuses.length > 0 && statuses.every((status) => status === 401 || status === 403);
  if (refused) throw new UsageError(credentialsHint(statuses.includes(401) ? 401 : 403, known.credentials));
  const missing = answers.filter((a) => a !== undefined && (a.status === 404 || a.status === 410));
  if (missing.length === 0) return;
  const list = missing.map((a) => `${a?.probe.what} (GET ${redactUrl(a?.url ?? '')} answered ${a?.status})`).join('; ');
  const likely = known.serversUrl ? `; the OpenAPI document's servers give ${redactUrl(known.serversUrl)}: is that the base URL?` : "; fix the profile's paths";
  throw new UsageError(`the profile names ${missing.length === 1 ? 'a resource' : 'resources'} the API does not have: ${list}${likely}`);
}

/** Throws a UsageError when nothing of the API answers at the base URL: no resource to probe, and it and /health answer 404. */
export async function probeEmptyTarget(target: Target, client: HttpClient, known: ProbeContext): Promise<void> {
  const resources = target.collections.length + target.documents.length + target.tasks.length + target.controllers.length;
  if (resources > 0 || (known.baseStatus !== 404 && known.baseStatus !== 410)) return;
  const health = await client.request({ url: target.api.health, credentials: false }).catch(() => undefined);
  if (health === undefined || (health.response.status !== 404 && health.response.status !== 410)) return;
  // The example replaces the path given (a wrong base path, not a missing one): `/v1` must not become `/v1/myApi/v1`.
  const likely = known.serversUrl ? `the OpenAPI document's servers give ${redactUrl(known.serversUrl)}` : `e.g. ${redactUrl(new URL(client.baseUrl).origin)}/myApi/v1`;
  throw new UsageError(`nothing of an API answers at ${redactUrl(client.baseUrl)}: it, ${target.api.health} and /doc/openapi.json|yaml answered 404, so there is nothing to check; give the base URL with the API's path (${likely})`);
}

/** The absolute URL of an OpenAPI document's first server, against the run's base URL; undefined when absent or the same. */
export function serversUrlOf(contract: Record<string, unknown> | undefined, baseUrl: string): string | undefined {
  const servers = contract?.['servers'];
  const first = Array.isArray(servers) ? (servers[0] as { url?: unknown } | undefined)?.url : undefined;
  if (typeof first !== 'string' || first.includes('{')) return undefined;
  try {
    const url = new URL(first, `${new URL(baseUrl).origin}/`).href.replace(/\/+$/, '');
    return url === baseUrl.replace(/\/+$/, '') ? undefined : url;
  } catch {
    return undefined;
  }
}
