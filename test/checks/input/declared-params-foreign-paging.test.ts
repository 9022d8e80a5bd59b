// Paging parameters of another scheme than the guide's (offset/limit) are named by paging.guide-params, which
// judges no value: a `limit` declared 1 to 100 that takes 101 is input.declared-params' finding (the seventh field
// pass: Gin's `limit` and `offset` got no bad value).
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
  const limit = { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } };
  const offset = { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0 } };
  const ok = (schema: unknown) => ({ 200: { description: 'ok', content: json(schema) } });
  return {
    openapi: '3.0.3',
    info: { title: 'ferries', version: '1' },
    paths: { '/crossings': { get: { parameters: [limit, offset], responses: ok(list) } } },
  };
}

/** Refuses an out-of-range `limit` or `offset` with a problem naming it only when `checks` is set. */
async function startCrossings(checks: boolean) {
  return startFixture((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/crossings')
      return sendJson(
        res,
        404,
        { type: 'about:blank', title: 'Not Found', status: 404 },
        { 'content-type': 'application/problem+json' },
      );
    const limit = Number(url.searchParams.get('limit') ?? '10');
    const offset = Number(url.searchParams.get('offset') ?? '0');
    const bad = !(limit >= 1 && limit <= 100) ? 'limit' : !(offset >= 0) ? 'offset' : undefined;
    if (checks && bad)
      return sendJson(
        res,
        400,
        {
          type: 'urn:problem-type:belgif:badRequest',
          title: 'Bad Request',
          status: 400,
          issues: [{ type: SCHEMA_VIOLATION, in: 'query', name: bad }],
        },
        { 'content-type': 'application/problem+json' },
      );
    return sendJson(res, 200, { items: [{ id: 1 }, { id: 2 }] });
  });
}

async function judge(checks: boolean) {
  const server = await startCrossings(checks);
  try {
    const contract = document();
    const profile = deriveProfile(contract);
    expect(profile.collections?.[0]?.foreignPaging).toBeDefined();
    const report = await runChecks([declaredParams], profile, { baseUrl: server.url, contract, ...RUN });
    const probed = server.requests.map((r) => r.url).filter((u) => /limit=101|offset=-1/.test(u));
    return { results: report.results, probed };
  } finally {
    await server.close();
  }
}

describe('offset/limit paging parameters declared with a range', () => {
  it('each get one bad value, and an API that takes them fails once per parameter', async () => {
    const { results, probed } = await judge(false);
    expect(probed.sort()).toEqual(['/crossings?limit=101', '/crossings?offset=-1']);
    expect(results.map((r) => `${r.status} ${r.messageId ?? ''}`)).toEqual(['fail accepted', 'fail accepted']);
    expect(results.map((r) => r.message).join('\n')).toMatch(/parameter limit took 101.*\n.*parameter offset/);
  }, 60_000);

  it('pass where the API refuses them with a problem naming each', async () => {
    const { results, probed } = await judge(true);
    expect(probed).toHaveLength(2);
    expect(results.map((r) => `${r.status} ${r.id}`)).toEqual(['pass input.declared-params']);
  }, 60_000);
});
