// Links that are the empty string name nothing. Resolved against the page that holds them they pass for that
// page, so the checks that follow or compare links passed on them; now link.absolute fails on them and the
// others say they could not verify, pointing at it.
import { describe, expect, it } from 'vitest';
import absolute from '../../../src/checks/link/absolute.js';
import dereferenceable from '../../../src/checks/link/dereferenceable.js';
import sameOriginItems from '../../../src/checks/link/same-origin-items.js';
import selfReflectsQuery from '../../../src/checks/select/self-reflects-query.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, runOne } from '../../helpers/check-harness.js';
import type { Mutator } from '../../helpers/proxy.js';

/** Every link member of every answer (`href`, `self`, paging links, at any depth) becomes the empty string. */
const LINK_MEMBERS = new Set(['href', 'self', 'next', 'prev', 'first', 'last']);
const blank = (value: unknown): void => {
  if (Array.isArray(value)) {
    value.forEach(blank);
    return;
  }
  if (!isObject(value)) return;
  for (const [key, member] of Object.entries(value)) {
    if (LINK_MEMBERS.has(key) && typeof member === 'string') value[key] = '';
    else blank(member);
  }
};
const emptyLinks: Mutator = (_req, res) => {
  blank(res.json);
};

describe('every link the empty string', () => {
  it('link.absolute fails on them', async () => {
    const report = await runOne(absolute, reference({ mutate: emptyLinks }));
    expect(report.results.some((r) => r.status === 'fail' && r.messageId === 'notAbsolute')).toBe(true);
  });

  for (const check of [dereferenceable, sameOriginItems, selfReflectsQuery]) {
    it(`${check.meta.id} does not pass: not verified, see link.absolute`, async () => {
      const report = await runOne(check, reference({ mutate: emptyLinks }));
      expect(report.results.map((r) => r.status)).not.toContain('pass');
      expect(report.results.filter((r) => r.status === 'fail' || r.status === 'error')).toEqual([]);
      for (const result of report.results)
        expect(result.message).toMatch(/^not verified: .* empty \(see link\.absolute\)$/);
    });
  }
});
