import check from '../../../src/checks/json/property-names.js';
import { describe, expect, it } from 'vitest';
import { isObject } from '../../../src/core/util/json.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';

const isDocument = (path: string) => /^\/employers\/\d+$/.test(path);

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference() },
    {
      name: 'map keys (language codes, URLs, HTTP methods) are data, not names',
      server: reference({
        mutate: (req, res) => {
          if (!isDocument(req.path) || !isObject(res.json)) return;
          res.json['description'] = { nl: 'werkgever', fr: 'employeur', 'nl-BE': 'werkgever' };
          res.json['links'] = { 'https://example.org/a': { href: 'https://example.org/a' } };
          res.json['actions'] = { POST: { required: true }, PUT: { required: false } };
        },
      }),
    },
  ],
  invalid: [
    {
      name: 'a document with employer_name',
      server: reference({
        mutate: (req, res) => {
          if (isDocument(req.path) && isObject(res.json)) res.json['employer_name'] = 'x';
        },
      }),
      findings: ['notLowerCamelCase'],
    },
    {
      name: 'a nested EmployerName in every collection item',
      server: reference({
        mutate: (req, res) => {
          if (req.path.startsWith('/employers?') && isObject(res.json) && Array.isArray(res.json['items'])) {
            for (const item of res.json['items']) if (isObject(item)) item['EmployerName'] = 'x';
          }
        },
      }),
      findings: ['notLowerCamelCase'],
    },
    {
      name: 'an upper-case abbreviation (employerID)',
      server: reference({
        mutate: (req, res) => {
          if (isDocument(req.path) && isObject(res.json)) res.json['employerID'] = 1;
        },
      }),
      findings: ['notLowerCamelCase'],
    },
    {
      name: 'more bad names than are listed',
      server: reference({
        mutate: (req, res) => {
          if (!isDocument(req.path) || !isObject(res.json)) return;
          for (let i = 0; i < 12; i++) res.json[`bad_name${i}`] = i;
        },
      }),
      findings: ['notLowerCamelCase'],
    },
    {
      name: 'a bad name inside an embedded representation',
      server: reference({
        mutate: (req, res) => {
          const embedded = isObject(res.json) ? res.json['embedded'] : undefined;
          if (!req.path.startsWith('/employers?') || !isObject(embedded)) return;
          for (const value of Object.values(embedded)) if (isObject(value)) value['Employer-Name'] = 'x';
        },
      }),
      findings: ['notLowerCamelCase'],
    },
  ],
});

describe('json.property-names: one finding for every name at fault', () => {
  it('names the first and lists the others, however many answers and paths carry them', async () => {
    const report = await runOne(
      check,
      reference({
        mutate: (req, res) => {
          if (!isObject(res.json)) return;
          res.json['vat_number'] = 'x';
          res.json['actions'] = { post: { read_only: true }, put: { read_only: false } };
        },
      }),
    );
    const failures = report.results.filter((r) => r.status === 'fail').map((r) => r.message);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(
      /: property vat_number at \$\.vat_number is not lowerCamelCase; nor are `read_only` \(seen in \d+ answers\)\.$/,
    );
  });
});
