import check from '../../../src/checks/trace/not-echoed.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

const sent = (headers: Record<string, string | string[] | undefined>) => String(headers['belgov-trace-id'] ?? '');

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: "echoes the consumer's trace id",
      server: reference({
        mutate: (req, res) => {
          if (req.headers['belgov-trace-id']) res.headers['belgov-trace-id'] = sent(req.headers);
        },
      }),
      findings: ['echoed'],
    },
    {
      name: 'a related trace id that is not the one sent',
      server: reference({
        mutate: (req, res) => {
          if (req.headers['belgov-trace-id']) res.headers['belgov-related-trace-id'] = 'something-else';
        },
      }),
      findings: ['relatedMismatch'],
    },
  ],
});
