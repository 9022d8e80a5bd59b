// What a refusal of the run's create body names, so the skip tells the user which member to give an example of.
import { describe, expect, it } from 'vitest';
import { refusalSaid, refusedNames } from '../../../src/checks/support/created-document.js';

describe('refusedNames', () => {
  it("names class-validator's property (routing-controllers' BadRequestError `errors`)", () => {
    const body = {
      name: 'BadRequestError',
      message: "Invalid body, check 'errors' property for more info.",
      errors: [
        {
          target: { operator: 'restguide sample', openSince: '2689-02-18T04:32:16v45216132Z' },
          value: '2689-02-18T04:32:16v45216132Z',
          property: 'openSince',
          children: [],
          constraints: { isDateString: 'openSince must be a valid ISO 8601 date string' },
        },
      ],
    };
    expect(refusedNames(body)).toBe('it names openSince');
  });

  it('names nothing in a message alone, which is then quoted', () => {
    const body = { message: 'Invalid body' };
    expect(refusedNames(body)).toBeUndefined();
    expect(refusalSaid(body)).toBe('it said "Invalid body"');
  });
});
