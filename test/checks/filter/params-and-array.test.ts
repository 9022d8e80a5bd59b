// Two filters on a list answered as a bare JSON array (Flask-RESTful, the seventh field pass) are judged on the
// array's elements: that the answer is no object is collection.is-object's one finding.
import { describe, expect, it } from 'vitest';
import paramsAnd from '../../../src/checks/filter/params-and.js';
import { deriveProfile } from '../../../src/core/profile/openapi-profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { sendJson, startFixture } from '../../helpers/fixture-server.js';

const RUN = { timeoutMs: 5000, deadlineMs: 60_000 } as const;
const CENTRES = [
  { id: 1, region: 'north', access: 'yes' },
  { id: 2, region: 'north', access: 'no' },
  { id: 3, region: 'north', access: 'yes' },
  { id: 4, region: 'south', access: 'no' },
  { id: 5, region: 'south', access: 'yes' },
  { id: 6, region: 'south', access: 'no' },
];

function document(): Record<string, unknown> {
  const json = (schema: unknown) => ({ 'application/json': { schema } });
  const Item = {
    type: 'object',
    properties: { id: { type: 'integer' }, region: { type: 'string' }, access: { type: 'string' } },
  };
  const filter = (name: string) => ({ name, in: 'query', schema: { type: 'string' } });
  return {
    openapi: '3.0.3',
    info: { title: 'centres', version: '1' },
    paths: {
      '/centres': {
        get: {
          parameters: [filter('region'), filter('access')],
          responses: { 200: { description: 'ok', content: json({ type: 'array', items: Item }) } },
        },
      },
    },
  };
}

type Shape = 'array' | 'results';

/** Filters by region and access; `or` keeps what either filter matches when both are given. */
async function startCentres(shape: Shape, or: boolean) {
  return startFixture((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/centres')
      return sendJson(res, 404, { status: 404 }, { 'content-type': 'application/problem+json' });
    const region = url.searchParams.get('region');
    const access = url.searchParams.get('access');
    const both = region !== null && access !== null;
    const listed = CENTRES.filter((c) => {
      const byRegion = region === null || c.region === region;
      const byAccess = access === null || c.access === access;
      return both && or ? byRegion || byAccess : byRegion && byAccess;
    });
    return sendJson(res, 200, shape === 'array' ? listed : { results: listed });
  });
}

async function judge(shape: Shape, or: boolean) {
  const server = await startCentres(shape, or);
  try {
    const contract = document();
    const profile = deriveProfile(contract);
    expect(profile.collections?.[0]?.filters).toEqual(['region', 'access']);
    const report = await runChecks([paramsAnd], profile, { baseUrl: server.url, contract, ...RUN });
    return report.results.map((r) => `${r.status} ${r.id} ${r.messageId ?? ''}`.trim());
  } finally {
    await server.close();
  }
}

describe.each<Shape>(['array', 'results'])('filter.params-and on a list answered as %s', (shape) => {
  it('passes where the filters combine with AND', async () => {
    expect(await judge(shape, false)).toEqual(['pass filter.params-and']);
  }, 60_000);

  it('fails where they combine with OR', async () => {
    expect(await judge(shape, true)).toContain('fail filter.params-and notBoth');
  }, 60_000);
});
