import { defineCheck } from '../../core/engine/define-check.js';
import { exchangeData } from '../support/provoke-errors.js';

export default defineCheck({
  meta: {
    id: 'input.unknown-header-accepted',
    rule: 'req-valid',
    severity: 'error',
    writes: false,
    title: 'An unknown request header is accepted: the answer has the same status as without it',
    messages: {
      rejected:
        '{{method}} {{url}} with the unknown header Restguide-Unknown answered {{status}}, without it {{plainStatus}}.',
    },
  },
  appliesTo: 'api',
  requires: {
    what: 'collection or document with a sample id',
    test: (_api, target) => target.collections.length > 0 || target.documents.some((d) => d.sampleIds.length > 0),
  },
  async run(ctx) {
    const paths = [
      ...ctx.target.collections.slice(0, 1).map((c) => c.firstPage({ pageSize: 2 })),
      ...ctx.target.documents
        .filter((d) => d.sampleIds.length > 0)
        .slice(0, 1)
        .map((d) => d.url(d.sampleIds[0] ?? '')),
    ];
    await Promise.all(
      paths.map(async (path) => {
        const [plain, extra] = await Promise.all([
          ctx.get(path),
          ctx.get(path, { headers: { 'Restguide-Unknown': 'x' } }),
        ]);
        ctx.expect(
          plain.response.status === extra.response.status,
          'rejected',
          { ...exchangeData(extra), plainStatus: plain.response.status },
          extra,
          plain,
        );
      }),
    );
  },
});
