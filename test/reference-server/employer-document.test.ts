import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceServer } from '../../src/reference-server/index.js';
import { API, BELGIF, SCHEMA_VIOLATION, UNKNOWN_INPUT, expectProblem, freshServer } from './helpers/api.js';

let server: ReferenceServer;
let call: Awaited<ReturnType<typeof freshServer>>['call'];
beforeAll(async () => ({ server, call } = await freshServer()));
afterAll(() => server.close());
const MERGE = { 'Content-Type': 'application/merge-patch+json' };

describe('employerId in the path', () => {
  it('ignores leading zeros', async () => {
    const res = await call('GET', '/employers/0093');
    expect(res.status).toBe(200);
    expect(res.body.employerId).toBe(93);
  });
  it.each(['abc', '12a', '-1', '6000000000', '1.5', '%20'])('400 with a path issue for %s', async (raw) => {
    const problem = expectProblem(await call('GET', `/employers/${raw}`), 400, `${BELGIF}badRequest`);
    expect(problem.issues).toEqual([
      expect.objectContaining({
        type: SCHEMA_VIOLATION,
        in: 'path',
        name: 'employerId',
        value: decodeURIComponent(raw),
      }),
    ]);
  });
  it('404 resourceNotFound when absent', async () => {
    expectProblem(await call('GET', '/employers/5999999999'), 404, `${BELGIF}resourceNotFound`);
    expectProblem(await call('GET', '/employers/0'), 404, `${BELGIF}resourceNotFound`);
  });
});

describe('select', () => {
  it('keeps only the named properties, nested too, and self reflects the query', async () => {
    const res = await call('GET', '/employers/93?select=(name,company(enterpriseNumber))');
    expect(res.body).toEqual({
      self: `${server.url}/employers/93?select=(name,company(enterpriseNumber))`,
      name: 'Acme Construction',
      company: { enterpriseNumber: '0200068636' },
    });
  });
  it('negates with a leading !', async () => {
    const res = await call('GET', '/employers/93?select=!(company,bankrupt)');
    expect(Object.keys(res.body).sort()).toEqual(['employerId', 'name', 'self']);
    const nested = await call('GET', '/employers/93?select=!(company(href))');
    expect(nested.body.company).toEqual({ enterpriseNumber: '0200068636' });
  });
  it.each([
    'name',
    '(name',
    '()',
    '(name,)',
    '(na me)',
    '!name',
    '(name)x',
    '((name))',
    '(name(',
    '(company(enterpriseNumber)',
  ])('400 on malformed %s', async (select) => {
    const problem = expectProblem(
      await call('GET', `/employers/93?select=${encodeURIComponent(select)}`),
      400,
      `${BELGIF}badRequest`,
    );
    expect(problem.issues[0]).toMatchObject({ in: 'query', name: 'select', value: select });
  });
  it.each([
    '(__proto__)',
    '(constructor)',
    '(toString)',
    '(company(__proto__))',
    '(company(constructor))',
    '!(__proto__)',
    '(hasOwnProperty)',
  ])('%s names an unknown property: 400 with a query issue', async (select) => {
    const problem = expectProblem(
      await call('GET', `/employers/93?select=${encodeURIComponent(select)}`),
      400,
      `${BELGIF}badRequest`,
    );
    expect(problem.issues).toEqual([expect.objectContaining({ in: 'query', name: 'select', value: select })]);
  });
  it('400 on unknown property names or nesting into a scalar', async () => {
    expectProblem(await call('GET', '/employers/93?select=(salary)'), 400, `${BELGIF}badRequest`);
    expectProblem(await call('GET', '/employers/93?select=(name(first))'), 400, `${BELGIF}badRequest`);
    expectProblem(await call('GET', '/employers/93?select=(company(vat))'), 400, `${BELGIF}badRequest`);
  });
});

describe('ETag and conditional requests', () => {
  it('304 on a matching If-None-Match, 200 otherwise', async () => {
    const first = await call('GET', '/employers/1017');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await call('GET', '/employers/1017', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect((await call('GET', '/employers/1017', { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
  });
  it('a stale If-Match gives 412 on PUT, PATCH and DELETE; the current one passes and changes the ETag', async () => {
    const etag = (await call('GET', '/employers/1034')).headers.get('etag')!;
    const patched = await call('PATCH', '/employers/1034', {
      headers: { ...MERGE, 'If-Match': etag },
      body: JSON.stringify({ name: 'Renamed' }),
    });
    expect(patched.status).toBe(200);
    const newEtag = patched.headers.get('etag')!;
    expect(newEtag).not.toBe(etag);
    expectProblem(
      await call('PATCH', '/employers/1034', { headers: { ...MERGE, 'If-Match': etag }, body: '{"name":"Lost"}' }),
      412,
      `${API}preconditionFailed`,
    );
    expectProblem(
      await call('PUT', '/employers/1034', {
        headers: { 'If-Match': etag },
        body: { employerId: 1034, name: 'Lost', company: { enterpriseNumber: '0200068636' } },
      }),
      412,
      `${API}preconditionFailed`,
    );
    expectProblem(
      await call('DELETE', '/employers/1034', { headers: { 'If-Match': etag } }),
      412,
      `${API}preconditionFailed`,
    );
    expect((await call('GET', '/employers/1034')).body.name).toBe('Renamed');
  });
  it.each([',', ', ,', '', ' ', 'W/"v1"'])(
    'If-Match %j names no current tag: 412 on PUT, PATCH and DELETE, nothing written',
    async (ifMatch) => {
      const before = await call('GET', '/employers/1187');
      const put = {
        employerId: 1187,
        name: 'Overwritten',
        company: { enterpriseNumber: before.body.company.enterpriseNumber },
      };
      expectProblem(
        await call('PUT', '/employers/1187', { headers: { 'If-Match': ifMatch }, body: put }),
        412,
        `${API}preconditionFailed`,
      );
      expectProblem(
        await call('PATCH', '/employers/1187', { headers: { ...MERGE, 'If-Match': ifMatch }, body: '{"name":"Lost"}' }),
        412,
        `${API}preconditionFailed`,
      );
      expectProblem(
        await call('DELETE', '/employers/1187', { headers: { 'If-Match': ifMatch } }),
        412,
        `${API}preconditionFailed`,
      );
      const after = await call('GET', '/employers/1187');
      expect(after.body).toEqual(before.body);
      expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
    },
  );
  it.each(['v1', '"unterminated', '*, "v1"', '"a" "b"'])(
    'If-Match %j is not entity-tag syntax: 400 with a header issue, nothing written',
    async (ifMatch) => {
      const problem = expectProblem(
        await call('DELETE', '/employers/1187', { headers: { 'If-Match': ifMatch } }),
        400,
        `${BELGIF}badRequest`,
      );
      expect(problem.issues).toEqual([expect.objectContaining({ in: 'header', name: 'If-Match' })]);
      expect((await call('GET', '/employers/1187')).status).toBe(200);
    },
  );
  it('If-Match * and a list naming the current tag still pass', async () => {
    const etag = (await call('GET', '/employers/1204')).headers.get('etag')!;
    const patched = await call('PATCH', '/employers/1204', {
      headers: { ...MERGE, 'If-Match': `"old", ${etag}` },
      body: '{"name":"Listed"}',
    });
    expect(patched.status).toBe(200);
    expect(
      (await call('PATCH', '/employers/1204', { headers: { ...MERGE, 'If-Match': '*' }, body: '{"name":"Any"}' }))
        .status,
    ).toBe(200);
  });
  it('50 parallel PATCHes with one If-Match: exactly one wins per ETag generation, no lost update', async () => {
    let etag = (await call('GET', '/employers/1051')).headers.get('etag')!;
    for (let generation = 0; generation < 3; generation++) {
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          call('PATCH', '/employers/1051', {
            headers: { ...MERGE, 'If-Match': etag },
            body: JSON.stringify({ name: `Writer ${generation}-${i}` }),
          }),
        ),
      );
      const winners = results.filter((r) => r.status === 200);
      expect(winners).toHaveLength(1);
      expect(results.filter((r) => r.status === 412)).toHaveLength(49);
      const current = await call('GET', '/employers/1051');
      expect(current.body.name).toBe(winners[0]!.body.name);
      etag = current.headers.get('etag')!;
      expect(etag).toBe(winners[0]!.headers.get('etag'));
    }
  });
});

describe('PUT /employers/{employerId}', () => {
  it('replaces every value; absent optional ones take their default', async () => {
    await call('PATCH', '/employers/1068', { headers: MERGE, body: '{"bankrupt":true,"bankruptDate":"2024-01-31"}' });
    const res = await call('PUT', '/employers/1068', {
      body: { employerId: 1068, name: 'Replaced', company: { enterpriseNumber: '0201078737' } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      self: `${server.url}/employers/1068`,
      employerId: 1068,
      name: 'Replaced',
      company: { enterpriseNumber: '0201078737', href: `${server.url}/companies/0201078737` },
      bankrupt: false,
    });
  });
  it('accepts the GET representation back (read-only self and href are ignored)', async () => {
    const got = await call('GET', '/employers/1085');
    expect((await call('PUT', '/employers/1085', { body: got.body })).status).toBe(200);
  });
  it('400 when the body employerId differs from the path; 404 when absent', async () => {
    const problem = expectProblem(
      await call('PUT', '/employers/1102', {
        body: { employerId: 1103, name: 'X', company: { enterpriseNumber: '0200068636' } },
      }),
      400,
      `${BELGIF}badRequest`,
    );
    expect(problem.issues[0]).toMatchObject({ in: 'body', name: 'employerId' });
    expectProblem(
      await call('PUT', '/employers/42', {
        body: { employerId: 42, name: 'X', company: { enterpriseNumber: '0200068636' } },
      }),
      404,
      `${BELGIF}resourceNotFound`,
    );
    expectProblem(
      await call('PUT', '/employers/1102', { body: { employerId: 1102, name: 'X' } }),
      400,
      `${BELGIF}badRequest`,
    );
  });
});

describe('PATCH /employers/{employerId} (JSON Merge Patch)', () => {
  it('overwrites present, removes null, keeps absent; accepts both media types', async () => {
    const set = await call('PATCH', '/employers/1119', {
      headers: MERGE,
      body: '{"bankrupt":true,"bankruptDate":"2024-02-29"}',
    });
    expect(set.body).toMatchObject({ bankrupt: true, bankruptDate: '2024-02-29', name: 'Harbor Construction' });
    const removed = await call('PATCH', '/employers/1119', { body: { bankruptDate: null, bankrupt: null } });
    expect(removed.status).toBe(200);
    expect(removed.body.bankruptDate).toBeUndefined();
    expect(removed.body.bankrupt).toBe(false);
    const nested = await call('PATCH', '/employers/1119', {
      headers: MERGE,
      body: '{"company":{"enterpriseNumber":"0201078737"}}',
    });
    expect(nested.body.company.enterpriseNumber).toBe('0201078737');
  });
  it('validates the merged result and the patch itself', async () => {
    expectProblem(
      await call('PATCH', '/employers/1119', { headers: MERGE, body: '{"name":null}' }),
      400,
      `${BELGIF}badRequest`,
    );
    expectProblem(
      await call('PATCH', '/employers/1119', { headers: MERGE, body: '{"bankrupt":"yes"}' }),
      400,
      `${BELGIF}badRequest`,
    );
    expectProblem(
      await call('PATCH', '/employers/1119', { headers: MERGE, body: '{"bankruptDate":"31/12/2024"}' }),
      400,
      `${BELGIF}badRequest`,
    );
    expectProblem(
      await call('PATCH', '/employers/1119', { headers: MERGE, body: '{"employerId":1}' }),
      400,
      `${BELGIF}badRequest`,
    );
    const unknown = expectProblem(
      await call('PATCH', '/employers/1119', { headers: MERGE, body: '{"colour":"red"}' }),
      400,
      `${BELGIF}badRequest`,
    );
    expect(unknown.issues[0]).toMatchObject({ type: UNKNOWN_INPUT, in: 'body', name: 'colour' });
  });
  it('refuses __proto__ and constructor keys without polluting any prototype', async () => {
    for (const body of [
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '{"company":{"__proto__":{"polluted":true}}}',
    ]) {
      const problem = expectProblem(
        await call('PATCH', '/employers/1136', { headers: MERGE, body }),
        400,
        `${BELGIF}badRequest`,
      );
      expect(problem.issues[0].type).toBe(UNKNOWN_INPUT);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    const after = await call('GET', '/employers/1136');
    expect(after.body).not.toHaveProperty('polluted');
  });
  it('415 for other media types, including JSON Patch', async () => {
    expectProblem(
      await call('PATCH', '/employers/1119', {
        headers: { 'Content-Type': 'application/json-patch+json' },
        body: '[]',
      }),
      415,
      `${API}unsupportedMediaType`,
    );
    expectProblem(
      await call('PATCH', '/employers/1119', { headers: { 'Content-Type': 'text/plain' }, body: 'name=x' }),
      415,
      `${API}unsupportedMediaType`,
    );
  });
});

describe('DELETE /employers/{employerId}', () => {
  it('204, then GET 404, then DELETE 404', async () => {
    expect((await call('DELETE', '/employers/1153')).status).toBe(204);
    expectProblem(await call('GET', '/employers/1153'), 404, `${BELGIF}resourceNotFound`);
    expectProblem(await call('DELETE', '/employers/1153'), 404, `${BELGIF}resourceNotFound`);
  });
});

describe('POST /employers/{employerId}/sendNotification', () => {
  it('200 with a receipt; 404 for an absent employer; 400 on a bad body', async () => {
    const res = await call('POST', '/employers/93/sendNotification', { body: { message: 'Hello' } });
    expect(res.status).toBe(200);
    expect(res.body.employer).toEqual({ employerId: 93, href: `${server.url}/employers/93` });
    expectProblem(
      await call('POST', '/employers/42/sendNotification', { body: { message: 'Hello' } }),
      404,
      `${BELGIF}resourceNotFound`,
    );
    expectProblem(
      await call('POST', '/employers/93/sendNotification', { body: { text: 'Hello' } }),
      400,
      `${BELGIF}badRequest`,
    );
  });
});
