import { expect, it } from 'vitest';
import check from '../../../src/checks/i18n/content-language.js';
import { isObject } from '../../../src/core/json.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server (problem details are localized)', server: reference() }],
  invalid: [{
    name: 'localized details without Content-Language',
    server: reference({ mutate: (_req, res) => { delete res.headers['content-language']; } }),
    findings: ['missing'],
  }],
});

it('i18n.content-language skips an API that localizes nothing', async () => {
  const unlocalized = reference({ mutate: (_req, res) => { delete res.headers['content-language']; if (isObject(res.json) && 'detail' in res.json) res.json['detail'] = 'Not found'; } });
  const report = await runOne(check, unlocalized);
  expect(report.results.map((r) => r.status)).toEqual(['skip']);
});
