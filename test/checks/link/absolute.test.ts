import check from '../../../src/checks/link/absolute.js';
import itemHref from '../../../src/checks/collection/item-href.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { BUILT_IN_PROFILE } from '../../../src/core/profile/profile.js';
import type { CheckReport } from '../../../src/core/report/types.js';
import { describe, expect, it } from 'vitest';
import { isObject } from '../../../src/core/util/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'relative item hrefs',
      server: reference({
        mutate: (req, res) => {
          if (!req.path.startsWith('/companies?') || !isObject(res.json) || !Array.isArray(res.json['items'])) return;
          for (const item of res.json['items'])
            if (isObject(item)) item['href'] = `/companies/${String(item['enterpriseNumber'])}`;
        },
      }),
      findings: ['notAbsolute'],
    },
    {
      name: 'a nested href that is not a URI',
      server: reference({
        mutate: (req, res) => {
          if (/^\/employers\/[0-9]+$/.test(req.path) && isObject(res.json) && isObject(res.json['company']))
            res.json['company']['href'] = 42;
        },
      }),
      findings: ['notAbsolute'],
    },
  ],
});

describe('link.absolute beside collection.item-href (field: tsoa)', () => {
  /** Every href of the companies built from one relative base: the list's items and each document's self. */
  const relativeBase = (alsoNested: boolean) =>
    reference({
      mutate: (req, res) => {
        if (!isObject(res.json)) return;
        const items = Array.isArray(res.json['items']) ? res.json['items'] : [];
        if (req.path.startsWith('/companies?'))
          for (const item of items) if (isObject(item)) item['href'] = `/companies/${String(item['enterpriseNumber'])}`;
        if (alsoNested && /^\/employers\/[0-9]+$/.test(req.path) && isObject(res.json['company']))
          res.json['company']['href'] = 42;
      },
    });
  const lines = (report: CheckReport, id: string) =>
    report.results.filter((r) => r.id === id).map((r) => `${r.status} ${r.messageId ?? ''}`);
  const both = [itemHref, check];

  it('leaves relative hrefs of the items’ form to collection.item-href: one cause, one finding', async () => {
    const running = await relativeBase(false).start();
    try {
      const report = await runChecks(both, BUILT_IN_PROFILE, { baseUrl: running.url, timeoutMs: 5000 });
      expect(lines(report, 'collection.item-href')).toContain('fail notAbsolute');
      expect(lines(report, 'link.absolute').filter((l) => l.startsWith('fail'))).toEqual([]);
      expect(report.results.find((r) => r.id === 'link.absolute')?.message).toMatch(/see collection\.item-href/);
    } finally {
      await running.close();
    }
  }, 60_000);

  it('still reports a link of another form (a number for an href)', async () => {
    const running = await relativeBase(true).start();
    try {
      const report = await runChecks(both, BUILT_IN_PROFILE, { baseUrl: running.url, timeoutMs: 5000 });
      expect(lines(report, 'link.absolute')).toEqual(['fail notAbsolute']);
      expect(report.results.find((r) => r.id === 'link.absolute')?.message).toContain('company.href');
    } finally {
      await running.close();
    }
  }, 60_000);
});
