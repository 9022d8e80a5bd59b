import { defineCheck } from '../../core/engine/define-check.js';
import { exchangeData, judgeProblemMember } from '../support/provoke-errors.js';
import { ABSOLUTE_URI } from './type-uri.js';

export default defineCheck({
  meta: {
    id: 'problem.instance-absolute',
    rule: 'err-problem',
    severity: 'error',
    writes: false,
    evidence: 'traffic',
    title: 'Problem `instance` values are absolute URIs (e.g. urn:uuid:...)',
    messages: {
      notAbsolute:
        '{{method}} {{url}} answered {{status}} with problem instance "{{instance}}", which is not an absolute URI{{also}}.',
    },
  },
  appliesTo: 'api',
  async run(ctx) {
    const none = 'no error response carried a problem `instance`';
    await judgeProblemMember(ctx, 'instance', none, (exchange, value, causes) => {
      const instance = String(value);
      causes.expect(
        typeof value === 'string' && ABSOLUTE_URI.test(instance),
        'notAbsolute',
        { ...exchangeData(exchange), instance },
        exchange,
      );
    });
  },
});
