// `restguide serve --openapi`: how long the mock takes to start on a 1 MB description (target < 2 s)
// and its peak RSS after 20,000 creates (target < 300 MB), each against the reference server measured
// in the same run. The mock runs in-process; the RSS is the process's, creates and client included.
import { request } from 'undici';
import { generateLargeDocument } from './lib/large-document.mjs';
import { fmt } from './lib/measure.mjs';

const CREATES = Number(process.env.MOCK_CREATES ?? 20_000);

/** A generated description of about `bytes` bytes of JSON. */
function documentOf(bytes) {
  let resources = 50;
  for (;;) {
    const document = generateLargeDocument(resources);
    if (JSON.stringify(document).length >= bytes || resources > 5000) return document;
    resources = Math.ceil(resources * 1.5);
  }
}

const rss = () => {
  globalThis.gc?.();
  return process.memoryUsage().rss / 1024 / 1024;
};

export async function benchMock() {
  const { startMock } = await import('../dist/src/mock/server.js');
  const { startReferenceServer } = await import('../dist/src/reference-server/index.js');
  const { buildOpenApiDocument } = await import('../dist/src/reference-server/openapi/document.js');

  const large = documentOf(1024 * 1024);
  let started = performance.now();
  const mock = await startMock(large);
  const mockStartMs = performance.now() - started;
  await mock.close();
  started = performance.now();
  const reference = await startReferenceServer({ port: 0 });
  const referenceStartMs = performance.now() - started;
  await reference.close();

  const before = rss();
  const employers = await startMock(buildOpenApiDocument());
  for (let i = 0; i < CREATES; i++) {
    const answer = await request(`${employers.url}/employers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // The reference document's Employer carries its key: each create names a new one, clear of the seed data.
      body: JSON.stringify({
        employerId: 5_000_000_000 + i,
        name: `Employer ${i}`,
        company: { enterpriseNumber: '0200068636' },
        bankrupt: false,
      }),
    });
    await answer.body.dump();
    if (answer.statusCode !== 201) throw new Error(`create ${i} answered ${answer.statusCode}`);
  }
  const after = rss();
  await employers.close();
  const size = `${fmt(JSON.stringify(large).length / 1024 / 1024, 1)} MB`;
  return [
    {
      label: `mock: start on a ${size} description (reference server ${fmt(referenceStartMs, 0)} ms); target < 2 s`,
      value: `${fmt(mockStartMs, 0)} ms`,
      baseline: '2,000 ms',
      ratio: mockStartMs / 2000,
      target: { atMost: 1, note: 'of the 2 s target' },
    },
    {
      label: `mock: RSS after ${fmt(CREATES)} creates (${fmt(before, 0)} MB before); target < 300 MB`,
      value: `${fmt(after, 0)} MB`,
      baseline: '300 MB',
      ratio: after / 300,
      target: { atMost: 1, note: 'of the 300 MB target' },
    },
  ];
}
