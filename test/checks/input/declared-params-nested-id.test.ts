// A parent's id in a nested path goes through the same route converter as the parent's own item path: a
// malformed one answered 404 is id.malformed-400's finding, not input.declared-params' again (the fourth field
// pass: Flask's `<int:vehicleId>` answered 404 to /vehicles/abc and to /vehicles/restguide/inspections).
import { describe, expect, it } from 'vitest';
import declaredParams from '../../../src/checks/input/declared-params.js';
import malformedId from '../../../src/checks/id/malformed-400.js';
import { deriveProfile } from '../../../src/core/profile/openapi-profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { sendJson, startFixture } from '../../helpers/fixture-server.js';

const RUN = { timeoutMs: 5000, deadlineMs: 60_000 } as const;

function document(): Record<string, unknown> {
  const json = (schema: unknown) => ({ 'application/json': { schema } });
  const Item = { type: 'object', properties: { id: { type: 'integer' } } };
  const list = { type: 'object', properties: { items: { type: 'array', items: Item } } };
  const vehicleId = { name: 'vehicleId', in: 'path', required: true, schema: { type: 'integer' }, example: 1 };
  const result = { name: 'result', in: 'query', schema: { type: 'string', enum: ['pass', 'fail'] } };
  const ok = (schema: unknown) => ({ 200: { description: 'ok', content: json(schema) } });
  return {
    openapi: '3.0.3',
    info: { title: 'div', version: '1' },
    paths: {
      '/vehicles': { get: { responses: ok(list) } },
      '/vehicles/{vehicleId}': { parameters: [vehicleId], get: { responses: ok(Item) } },
      '/vehicles/{vehicleId}/inspections': {
        parameters: [vehicleId],
        get: { parameters: [result], responses: ok(list) },
      },
    },
  };
}

/** Flask's way: `<int:vehicleId>` matches no route for a non-integer (404); a bad enum value is a problem 400. */
async function startVehicles() {
  return startFixture((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const problem = (status: number, extra: Record<string, unknown> = {}) =>
      sendJson(
        res,
        status,
        { type: 'about:blank', title: 'error', status, ...extra },
        {
          'content-type': 'application/problem+json',
        },
      );
    if (url.pathname === '/vehicles') return sendJson(res, 200, { items: [{ id: 1 }] });
    const item = /^\/vehicles\/(\d+)(\/inspections)?$/.exec(url.pathname);
    if (!item) return problem(404);
    const value = url.searchParams.get('result');
    if (value !== null && !['pass', 'fail'].includes(value))
      return problem(400, {
        issues: [{ type: 'urn:problem-type:belgif:input-validation:schemaViolation', in: 'query', name: 'result' }],
      });
    return sendJson(res, 200, item[2] ? { items: [{ id: 7 }] } : { id: Number(item[1]) });
  });
}

describe('a malformed parent id in a nested path', () => {
  it("is id.malformed-400's one finding, not input.declared-params' again", async () => {
    const server = await startVehicles();
    try {
      const contract = document();
      const report = await runChecks([malformedId, declaredParams], deriveProfile(contract), {
        baseUrl: server.url,
        contract,
        ...RUN,
      });
      const lines = report.results.map((r) => `${r.status} ${r.id} ${r.messageId ?? ''}`);
      expect(lines.filter((l) => l.startsWith('fail'))).toEqual(['fail id.malformed-400 not400']);
      // declared-params still probed what is its own: the enum of the nested list.
      expect(lines).toContain('pass input.declared-params ');
      expect(server.requests.some((r) => r.url.includes('result='))).toBe(true);
    } finally {
      await server.close();
    }
  }, 60_000);
});
