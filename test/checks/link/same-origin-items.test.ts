import check from '../../../src/checks/link/same-origin-items.js';
import { isObject } from '../../../src/core/util/json.js';
import { describe, expect, it } from 'vitest';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'items linked on another API',
      server: reference({
        mutate: (req, res) => {
          if (
            !req.path.startsWith('/appendices/employerclasses?') ||
            !isObject(res.json) ||
            !Array.isArray(res.json['items'])
          )
            return;
          for (const item of res.json['items'])
            if (isObject(item)) item['href'] = `https://other.example/codes/${String(item['value'])}`;
        },
      }),
      findings: ['outsideApi'],
    },
  ],
});

describe('link.same-origin-items leaves a bare array to collection.is-object', () => {
  it('skips pointing at the check that reports it, one finding per cause', async () => {
    const report = await runOne(
      check,
      reference({
        mutate: (req, res) => {
          if (req.path.startsWith('/appendices/employerclasses?') && isObject(res.json)) res.json = res.json['items'];
        },
      }),
    );
    const result = report.results.find((r) => r.resource.includes('/appendices/employerclasses'));
    expect(result?.status).toBe('skip');
    expect(result?.message).toContain('see collection.is-object');
  });
});
