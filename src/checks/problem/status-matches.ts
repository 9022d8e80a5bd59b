import { defineCheck } from '../../core/engine/define-check.js';
import { exchangeData, judgeProblemMember } from '../support/provoke-errors.js';

export default defineCheck({
  meta: {
    id: 'problem.status-matches',
    rule: 'err-problem',
    severity: 'error',
    writes: false,
    evidence: 'traffic',
    title: 'The `status` of a problem equals the HTTP status of its response',
    messages: {
      mismatch: '{{method}} {{url}} answered {{status}} with a problem whose `status` is {{bodyStatus}}{{also}}.',
    },
  },
  appliesTo: 'api',
  async run(ctx) {
    // One cause per HTTP status, whatever `status` each answer gave.
    const none = 'no error response carried a problem with a `status` member';
    await judgeProblemMember(ctx, 'status', none, (exchange, status, causes) =>
      causes.expect(
        status === exchange.response.status,
        'mismatch',
        { ...exchangeData(exchange), bodyStatus: JSON.stringify(status) },
        exchange,
      ),
    );
  },
});
