import { describe, expect, it } from 'vitest';
import { writableBody } from '../../../src/checks/support/writable-body.js';

const employer = {
  self: 'http://x/employers/1',
  employerId: 1,
  company: { enterpriseNumber: '0200068636', href: 'http://x/companies/0200068636' },
  owner: { href: 'http://x/people/2' },
  tags: [{ id: 1, href: 'h' }],
};

describe('writableBody', () => {
  it('drops the declared read-only paths, into arrays too, and nothing else', () => {
    expect(writableBody(employer, { readOnly: ['self', 'company.href', 'tags.href'] })).toEqual({
      employerId: 1,
      company: { enterpriseNumber: '0200068636' },
      owner: { href: 'http://x/people/2' },
      tags: [{ id: 1 }],
    });
  });

  it('without a declaration drops the links: self, nested href, and an object that only was a link', () => {
    expect(writableBody(employer, {})).toEqual({
      employerId: 1,
      company: { enterpriseNumber: '0200068636' },
      tags: [{ id: 1, href: 'h' }],
    });
  });

  it('leaves the representation it was given unchanged', () => {
    const copy = structuredClone(employer);
    writableBody(employer, {});
    expect(employer).toEqual(copy);
  });
});
