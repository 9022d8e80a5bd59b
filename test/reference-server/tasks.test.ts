import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceServer } from '../../src/reference-server/index.js';
import { BELGIF, expectProblem, freshServer, type ApiResponse } from './helpers/api.js';

let server: ReferenceServer;
let call: Awaited<ReturnType<typeof freshServer>>['call'];
beforeAll(async () => ({ server, call } = await freshServer(1500))); // long enough that the first poll sees `processing` even on a loaded machine
afterAll(() => server.close());

async function pollUntilSettled(location: string): Promise<ApiResponse> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const res = await call('GET', location.slice(server.url.length));
    if (res.status !== 200 || res.body.status.state !== 'processing') return res;
    expect(Date.parse(res.body.status.pollAfter)).not.toBeNaN();
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('task never settled');
}

describe('/images/tasks', () => {
  it('202 processing with pollAfter, then 303 to an existing image', async () => {
    const submitted = await call('POST', '/images/tasks', { body: { name: 'logo', width: 640, height: 480 } });
    expect(submitted.status).toBe(202);
    const location = submitted.headers.get('location')!;
    expect(location).toBe(submitted.body.self);
    expect(submitted.body.status.state).toBe('processing');
    expect(submitted.body.status.pollAfter).toMatch(/Z$/);
    const first = await call('GET', location.slice(server.url.length));
    expect(first.status).toBe(200);
    const done = await pollUntilSettled(location);
    expect(done.status).toBe(303);
    expect(done.body.status).toMatchObject({ state: 'done' });
    expect(done.body.status.completed).toMatch(/Z$/);
    const image = await call('GET', done.headers.get('location')!.slice(server.url.length));
    expect(image.status).toBe(200);
    expect(image.body).toMatchObject({ name: 'logo', width: 640, height: 480 });
  });
  it.each([
    { name: 'corrupt', width: 10, height: 10 },
    { name: 'huge', width: 10000, height: 10000 },
  ])('ends failed with a problem for %o', async (input) => {
    const submitted = await call('POST', '/images/tasks', { body: input });
    const failed = await pollUntilSettled(submitted.headers.get('location')!);
    expect(failed.status).toBe(200);
    expect(failed.body.status.state).toBe('failed');
    expect(failed.body.status.problem).toMatchObject({
      type: 'urn:problem-type:belgif:registry:unprocessableImage',
      status: 422,
    });
    expect(failed.body.status.completed).toBeDefined();
  });
  it('400 on a bad body; 404 for an unknown task; 405 on GET of the task collection', async () => {
    expectProblem(
      await call('POST', '/images/tasks', { body: { name: 'x', width: 0, height: 1 } }),
      400,
      `${BELGIF}badRequest`,
    );
    expectProblem(await call('GET', '/images/tasks/999'), 404, `${BELGIF}resourceNotFound`);
    expectProblem(await call('GET', '/images/999'), 404, `${BELGIF}resourceNotFound`);
    const res = await call('GET', '/images/tasks');
    expectProblem(res, 405, 'urn:problem-type:belgif:registry:methodNotAllowed');
    expect(res.headers.get('allow')).toBe('POST, OPTIONS');
  });
});
