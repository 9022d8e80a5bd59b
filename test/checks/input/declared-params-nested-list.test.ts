// A nested list's declared query parameters are probed with a parent id the run read, though the document gives
// the parent's id no example (the seventh field pass: restify's visit `waste`, Slim's loan `status` never probed).
import { describe, expect, it } from 'vitest';
import declaredParams from '../../../src/checks/input/declared-params.js';
import { deriveProfile } from '../../../src/core/profile/openapi-profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { sendJson, startFixture } from '../../helpers/fixture-server.js';

const RUN = { timeoutMs: 5000, deadlineMs: 60_000 } as const;
const SCHEMA_VIOLATION = 'urn:problem-type:belgif:input-validation:schemaViolation';

function document(): Record<string, unknown> {
  const json = (schema: unknown) => ({ 'application/json': { schema } });
  const Item = { type: 'object', properties: { id: { type: 'integer' } } };
  const list = { type: 'object', properties: { items: { type: 'array', items: Item } } };
  const id = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
  const waste = { name: 'waste', in: 'query', schema: { type: 'string', enum: ['glass', 'paper'] } };
  const ok = (schema: unknown) => ({ 200: { description: 'ok', content: json(schema) } });
  return {
    openapi: '3.0.3',
    info: { title: 'parks', version: '1' },
    paths: {
      '/parks': { get: { responses: ok(list) } },
      '/parks/{id}': { parameters: [id], get: { responses: ok(Item) } },
      '/parks/{id}/visits': { parameters: [id], get: { parameters: [waste], responses: ok(list) } },
    },
  };
}

/** The top list has no filter; the nested list checks its `waste` only when `checks` is set. */
async function startParks(checks: boolean) {
  return startFixture((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/parks') return sendJson(res, 200, { items: [{ id: 1 }, { id: 2 }] });
    const item = /^\/parks\/(\d+)(\/visits)?$/.exec(url.pathname);
    if (!item)
      return sendJson(
        res,
        404,
        { type: 'about:blank', title: 'Not Found', status: 404 },
        { 'content-type': 'application/problem+json' },
      );
    const value = url.searchParams.get('waste');
    if (checks && item[2] && value !== null && !['glass', 'paper'].includes(value))
      return sendJson(
        res,
        400,
        {
          type: 'urn:problem-type:belgif:badRequest',
          title: 'Bad Request',
          status: 400,
          issues: [{ type: SCHEMA_VIOLATION, in: 'query', name: 'waste' }],
        },
        { 'content-type': 'application/problem+json' },
      );
    return sendJson(res, 200, item[2] ? { items: [{ id: 7 }] } : { id: Number(item[1]) });
  });
}

async function judge(checks: boolean) {
  const server = await startParks(checks);
  try {
    const contract = document();
    const report = await runChecks([declaredParams], deriveProfile(contract), {
      baseUrl: server.url,
      contract,
      ...RUN,
    });
    const probes = server.requests.filter((r) => /\/parks\/\d+\/visits\?waste=/.test(r.url ?? ''));
    return { results: report.results, probes };
  } finally {
    await server.close();
  }
}

describe("a nested list's declared query parameter", () => {
  it('is probed under a parent id the run read, and an API that takes the bad value fails', async () => {
    const { results, probes } = await judge(false);
    expect(probes).toHaveLength(1);
    const [result] = results;
    expect(results).toHaveLength(1);
    expect(result?.status).toBe('fail');
    expect(result?.messageId).toBe('accepted');
    expect(result?.message).toMatch(/\/parks\/\d+\/visits\?waste=.*query parameter waste/);
  }, 60_000);

  it('passes where the nested list refuses it with a problem naming it', async () => {
    const { results, probes } = await judge(true);
    expect(probes).toHaveLength(1);
    expect(results.map((r) => `${r.status} ${r.id}`)).toEqual(['pass input.declared-params']);
  }, 60_000);
});
