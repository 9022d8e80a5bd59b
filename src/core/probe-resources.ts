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

/** Throws a UsageError naming every resource that answered 404 or 410; transport errors are left to the checks. */
export async function probeResources(target: Target, client: HttpClient): Promise<void> {
  const answers = await Promise.all(probesOf(target).map(async (probe) => {
    try {
      const exchange = await client.request({ url: probe.url });
      return { probe, status: exchange.response.status, url: exchange.request.url };
    } catch (error) {
      if (error instanceof TransportError) return undefined;
      throw error;
    }
  }));
  const missing = answers.filter((a) => a !== undefined && (a.status === 404 || a.status === 410));
  if (missing.length === 0) return;
  const list = missing.map((a) => `${a?.probe.what} (GET ${redactUrl(a?.url ?? '')} answered ${a?.status})`).join('; ');
  throw new UsageError(`the profile names ${missing.length === 1 ? 'a resource' : 'resources'} the API does not have: ${list}; fix the profile's paths`);
}
