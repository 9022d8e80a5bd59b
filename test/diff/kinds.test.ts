// One pair of documents per finding kind: the breaking change gives exactly that error, its
// compatible twin gives no error, and the same breaking change with a new major version gives info.
import { describe, expect, it } from 'vitest';
import { DIFF_KINDS } from '../../src/diff/index.js';
import { base } from './base-document.js';
import { diffPair, errorCodes, infoCodes, variant, type Doc } from './harness.js';

interface Case {
  code: string;
  breaking: (d: any) => void;
  compatible: (d: any) => void;
  compatibleInfos?: string[];
}

const S = (d: any) => d.components.schemas;
const op = (d: any, path: string, method: string) => d.paths[path][method];

const CASES: Case[] = [
  {
    code: 'evo-compat-path-removed',
    breaking: (d) => delete d.paths['/employers/{employerId}'],
    compatible: (d) => {
      d.paths['/employers/{id}'] = d.paths['/employers/{employerId}'];
      delete d.paths['/employers/{employerId}'];
      d.paths['/employers/{id}'].parameters[0].name = 'id';
    },
  },
  {
    code: 'evo-compat-operation-removed',
    breaking: (d) => delete d.paths['/employers'].post,
    compatible: (d) => {
      d.paths['/employers/{employerId}'].delete = { responses: { 204: { description: 'Deleted' } } };
    },
    compatibleInfos: ['evo-compat-operation-added'],
  },
  {
    code: 'evo-compat-response-status-removed',
    breaking: (d) => delete op(d, '/employers/{employerId}', 'get').responses[404],
    // 404 still documented, now by its range: compared with 4XX, not removed.
    compatible: (d) => {
      const r = op(d, '/employers/{employerId}', 'get').responses;
      r['4XX'] = r[404];
      delete r[404];
    },
    compatibleInfos: ['evo-compat-response-status-added'],
  },
  {
    code: 'evo-compat-response-media-type-removed',
    breaking: (d) => {
      const c = op(d, '/employers/{employerId}', 'get').responses[200].content;
      c['application/xml'] = c['application/json'];
      delete c['application/json'];
    },
    compatible: (d) => {
      const c = op(d, '/employers/{employerId}', 'get').responses[200].content;
      c['application/xml'] = c['application/json'];
    },
  },
  {
    code: 'evo-compat-response-header-removed',
    breaking: (d) => delete op(d, '/employers', 'post').responses[201].headers.Location,
    compatible: (d) => {
      op(d, '/employers', 'post').responses[201].headers['BelGov-Trace-Id'] = { schema: { type: 'string' } };
    },
  },
  {
    code: 'evo-compat-response-property-removed',
    breaking: (d) => delete S(d).Employer.properties.status,
    compatible: (d) => {
      S(d).Employer.properties.website = { type: 'string' };
    },
    compatibleInfos: ['evo-compat-response-property-added'],
  },
  {
    code: 'evo-compat-response-property-type-changed',
    breaking: (d) => {
      S(d).Employer.properties.employees.type = 'string';
    },
    compatible: (d) => {
      S(d).Employer.properties.employees.maximum = 1000000;
    },
  },
  {
    code: 'evo-compat-response-property-nullable',
    breaking: (d) => {
      S(d).Employer.properties.name.nullable = true;
    },
    compatible: (d) => {
      S(d).NewEmployer.properties.name.nullable = true;
    },
    compatibleInfos: ['evo-compat-request-validation-relaxed'],
  },
  {
    code: 'evo-compat-response-property-optional',
    breaking: (d) => {
      S(d).Employer.required = [];
    },
    compatible: (d) => {
      S(d).Employer.required = ['name', 'status'];
    },
    compatibleInfos: ['evo-compat-response-narrowed'],
  },
  {
    code: 'evo-compat-response-enum-value-added',
    breaking: (d) => {
      S(d).Employer.properties.status.enum.push('merged');
    },
    compatible: (d) => {
      S(d).Employer.properties.status.enum.push('merged');
      S(d).Employer.properties.status['x-extensible-enum'] = true;
    },
  },
  {
    code: 'evo-compat-request-media-type-removed',
    breaking: (d) => {
      const c = op(d, '/employers', 'post').requestBody.content;
      c['application/xml'] = c['application/json'];
      delete c['application/json'];
    },
    compatible: (d) => {
      const c = op(d, '/employers', 'post').requestBody.content;
      c['application/xml'] = c['application/json'];
    },
    compatibleInfos: ['evo-compat-request-validation-relaxed'],
  },
  {
    code: 'evo-compat-request-body-required',
    breaking: (d) => {
      op(d, '/employers/{employerId}', 'patch').requestBody.required = true;
    },
    compatible: (d) => {
      op(d, '/employers/{employerId}', 'patch').requestBody.content['application/json'] = {
        schema: { type: 'object' },
      };
    },
    compatibleInfos: ['evo-compat-request-validation-relaxed'],
  },
  {
    code: 'evo-compat-request-property-required',
    breaking: (d) => {
      S(d).NewEmployer.required.push('status');
    },
    compatible: (d) => {
      S(d).NewEmployer.required = [];
    },
    compatibleInfos: ['evo-compat-request-validation-relaxed'],
  },
  {
    code: 'evo-compat-request-property-removed',
    breaking: (d) => {
      delete S(d).NewEmployer.properties.founded;
    },
    compatible: (d) => {
      S(d).NewEmployer.properties.founded.deprecated = true;
    },
    compatibleInfos: ['evo-deprec-deprecated'],
  },
  {
    code: 'evo-compat-request-enum-value-removed',
    breaking: (d) => {
      S(d).NewEmployer.properties.status.enum = ['active'];
    },
    compatible: (d) => {
      S(d).NewEmployer.properties.status.enum.push('merged');
    },
    compatibleInfos: ['evo-compat-request-validation-relaxed'],
  },
  {
    code: 'evo-compat-request-bound-tightened',
    breaking: (d) => {
      S(d).NewEmployer.properties.name.maxLength = 50;
    },
    compatible: (d) => {
      S(d).NewEmployer.properties.name.maxLength = 200;
    },
    compatibleInfos: ['evo-compat-request-validation-relaxed'],
  },
  {
    code: 'evo-compat-request-pattern-changed',
    breaking: (d) => {
      S(d).NewEmployer.properties.name.pattern = '^[A-Z]';
    },
    compatible: (d) => {
      delete S(d).NewEmployer.properties.founded.format;
    },
    compatibleInfos: ['evo-compat-request-validation-relaxed'],
  },
  {
    code: 'evo-compat-request-type-changed',
    breaking: (d) => {
      S(d).NewEmployer.properties.employees.type = 'string';
    },
    compatible: (d) => {
      S(d).NewEmployer.properties.employees.type = 'number';
    },
    compatibleInfos: ['evo-compat-request-validation-relaxed'],
  },
  {
    code: 'evo-compat-request-additional-properties-closed',
    breaking: (d) => {
      S(d).NewEmployer.additionalProperties = false;
    },
    compatible: (d) => {
      S(d).NewEmployer.additionalProperties = true;
    },
  },
  {
    code: 'evo-compat-parameter-required',
    breaking: (d) => {
      op(d, '/employers', 'get').parameters[0].required = true;
    },
    compatible: (d) => {
      op(d, '/employers', 'get').parameters.push({ name: 'q', in: 'query', schema: { type: 'string' } });
    },
    compatibleInfos: ['evo-compat-parameter-added'],
  },
  {
    code: 'evo-compat-parameter-removed',
    breaking: (d) => {
      op(d, '/employers', 'get').parameters.shift();
    },
    compatible: (d) => {
      op(d, '/employers', 'get').parameters[0].deprecated = true;
    },
    compatibleInfos: ['evo-deprec-deprecated'],
  },
  {
    code: 'evo-compat-parameter-moved',
    breaking: (d) => {
      op(d, '/employers', 'get').parameters[0].in = 'header';
    },
    compatible: (d) => {
      op(d, '/employers', 'get').parameters[0].description = 'The page number';
    },
  },
  {
    code: 'evo-compat-parameter-renamed',
    breaking: (d) => {
      op(d, '/employers', 'get').parameters[0].name = 'pageNumber';
    },
    compatible: (d) => {
      op(d, '/employers', 'get').parameters.push({ name: 'pageNumber', in: 'query', schema: { type: 'integer' } });
    },
    compatibleInfos: ['evo-compat-parameter-added'],
  },
  {
    code: 'evo-compat-parameter-style-changed',
    breaking: (d) => {
      op(d, '/employers', 'get').parameters[1].explode = false;
    },
    compatible: (d) => {
      Object.assign(op(d, '/employers', 'get').parameters[1], { style: 'form', explode: true });
    },
  },
  {
    code: 'evo-compat-security-added',
    breaking: (d) => {
      op(d, '/employers/{employerId}', 'get').security = [{ oauth: ['employers:read'] }];
    },
    compatible: (d) => {
      op(d, '/employers', 'post').security = [{ oauth: [] }];
    },
  },
  {
    code: 'evo-compat-component-removed',
    breaking: (d) => delete S(d).Unused,
    compatible: (d) => {
      S(d).Address = { type: 'object' };
    },
    compatibleInfos: ['evo-compat-component-added'],
  },
  {
    code: 'api-version-mismatch',
    breaking: (d) => {
      d.info.version = '1.1.0';
      d.servers[0].url = 'https://api.example.org/demo/v2';
    },
    compatible: (d) => {
      d.info.version = '1.1.0';
    },
  },
];

describe('restguide diff finding kinds', () => {
  it('has a case for every breaking kind', () => {
    const breaking = Object.entries(DIFF_KINDS)
      .filter(([, k]) => k.breaking)
      .map(([code]) => code)
      .sort();
    expect(CASES.map((c) => c.code).sort()).toEqual(breaking);
  });

  for (const c of CASES) {
    describe(c.code, () => {
      it('the breaking pair gives exactly that error', async () => {
        const report = await diffPair(base(), variant(base(), c.breaking));
        expect(errorCodes(report)).toEqual([c.code]);
        const finding = report.findings.find((f) => f.code === c.code)!;
        expect(finding.breaking).toBe(true);
        expect(finding.old.range.start.line).toBeGreaterThan(0);
        expect(finding.new.source).toMatch(/new\.yaml$/);
      });

      it('its compatible twin gives no error', async () => {
        const report = await diffPair(base(), variant(base(), c.compatible));
        expect(errorCodes(report)).toEqual([]);
        expect(infoCodes(report)).toEqual(c.compatibleInfos ?? []);
      });

      if (c.code !== 'api-version-mismatch') {
        it('with a new major version it is info, not error', async () => {
          const bumped = variant(base(), (d) => {
            c.breaking(d);
            d.info.version = '2.0.0';
            d.servers[0].url = 'https://api.example.org/demo/v2';
          });
          const report = await diffPair(base(), bumped);
          expect(errorCodes(report)).toEqual([]);
          const finding = report.findings.find((f) => f.code === c.code)!;
          expect(finding).toMatchObject({ severity: 2, breaking: true });
          expect(finding.message).toContain('breaking, with a new major version 2');
        });
      }
    });
  }

  it('an identical document gives no finding at all', async () => {
    const report = await diffPair(base(), base());
    expect(report.findings).toEqual([]);
  });

  it('marks deprecations (evo-deprec) as compatible', async () => {
    const report = await diffPair(
      base(),
      variant(base(), (d) => {
        op(d, '/employers', 'get').deprecated = true;
        S(d).Employer.properties.founded.deprecated = true;
        S(d).Unused.deprecated = true;
        d.components.securitySchemes.oauth['x-deprecated'] = true;
      }),
    );
    expect(errorCodes(report)).toEqual([]);
    expect(infoCodes(report)).toEqual(Array(4).fill('evo-deprec-deprecated'));
    expect(report.findings.map((f) => f.path.join('/')).sort()).toEqual([
      'components/schemas/Employer/properties/founded',
      'components/schemas/Unused',
      'components/securitySchemes/oauth',
      'paths//employers/get',
    ]);
  });
});

export type { Doc };
