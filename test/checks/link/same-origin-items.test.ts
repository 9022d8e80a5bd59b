import check from '../../../src/checks/link/same-origin-items.js';
import { isObject } from '../../../src/core/json.js';
import { describe, expect, it } from 'vitest';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [{
    name: 'items linked on another API',
    server: reference({
      mutate: (req, res) => {
        if (!req.path.startsWith('/appendices/employerclasses?') || !isObject(res.json) || !Array.isArray(res.json['items'])) return;
        for (const item of res.json['items']) if (isObject(item)) item['href'] = `https://other.example/codes/${String(item['value'])}`;
      },
    }),
    findings: ['outsideApi'],
  }],
});

describe('link.same-origin-items says what came instead of a JSON object', () => {
  it('names a JSON array answered with 200, not "200 instead of 200"', async () => {
    const report = await runOne(check, reference({
      mutate: (req, res) => {
        if (req.path.startsWith('/appendices/employerclasses?') && isObject(res.json)) res.json = res.json['items'];
      },
    }));
    const failure = report.results.find((r) => r.status === 'fail' && r.resource.includes('/appendices/employerclasses'));
    expect(failure?.messageId).toBe('notOk');
    expect(failure?.message).toMatch(/answered 200 with a JSON array, not 200 with a JSON object\.$/);
  });
});
