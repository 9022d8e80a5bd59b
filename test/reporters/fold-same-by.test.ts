// The seventh field pass (Dancer2): the date taken by POST on two nested lists, also by PUT on one of them, is one
// finding across resources that keeps saying "the same by PUT"; another member stays its own finding.
import { describe, expect, it } from 'vitest';
import { foldAcrossResources } from '../../src/core/engine/fold-findings.js';
import type { CheckResult } from '../../src/core/report/types.js';

const origin = 'http://127.0.0.1:1/taxoffices/v1';
const taken = (office: number, member: string, also = ''): CheckResult => ({
  id: 'input.declared-body',
  rule: 'req-valid',
  severity: 'error',
  resource: `/offices/${office}/sessions`,
  status: 'fail',
  messageId: 'accepted',
  message: `POST ${origin}/offices/${office}/sessions answered 201: body member ${member} took 2024-13-45, no date instead of a 400 naming it${also}.`,
  evidence: [],
  durationMs: 1,
});

describe('folding a take by POST, and by PUT on one resource only', () => {
  it('is one result naming the update', () => {
    const folded = foldAcrossResources([taken(1, 'date'), taken(2, 'date', ' (the same by PUT)')]);
    expect(folded).toHaveLength(1);
    expect(folded[0]).toMatchObject({ count: 2, resources: ['/offices/1/sessions', '/offices/2/sessions'] });
    expect(folded[0]?.message).toMatch(/naming it \(the same by PUT\) \(seen on 2 URLs: /);
  });

  it('keeps another member apart', () => {
    expect(foldAcrossResources([taken(1, 'date'), taken(2, 'endDate', ' (the same by PUT)')])).toHaveLength(2);
  });
});
