// The comparator through $ref, allOf/oneOf, cycles, OpenAPI 3.1 types, readOnly, x-ignore-rules.
import { describe, expect, it } from 'vitest';
import { base } from './base-document.js';
import { diffPair, errorCodes, infoCodes, variant } from './harness.js';

const S = (d: any) => d.components.schemas;

describe('restguide diff comparator', () => {
  it('follows a self-referencing schema without looping, and reports a change in it once', async () => {
    const cyclic = variant(base(), (d) => {
      S(d).Employer.properties.parent = { $ref: '#/components/schemas/Employer' };
    });
    const changed = variant(cyclic, (d) => {
      delete S(d).Employer.properties.status;
    });
    const report = await diffPair(cyclic, changed);
    expect(errorCodes(report)).toEqual(['evo-compat-response-property-removed']);
  });

  it('follows mutually recursive schemas across files', async () => {
    const a = { A: { type: 'object', properties: { b: { $ref: 'b.yaml#/B' }, x: { type: 'string' } } } };
    const b = { B: { type: 'object', properties: { a: { $ref: 'a.yaml#/A' }, y: { type: 'string', enum: ['1'] } } } };
    const doc = variant(base(), (d) => {
      d.paths['/employers/{employerId}'].get.responses[200].content['application/json'].schema = {
        $ref: 'schemas/a.yaml#/A',
      };
    });
    const report = await diffPair(
      doc,
      variant(doc, (d) => {
        d.paths['/employers/{employerId}'].get.responses[200].content['application/json'].schema = {
          $ref: 'next/a.yaml#/A',
        };
      }),
      {
        'schemas/a.yaml': a,
        'schemas/b.yaml': b,
        'next/a.yaml': a,
        'next/b.yaml': { B: { ...b.B, properties: { ...b.B.properties, y: { type: 'string', enum: ['1', '2'] } } } },
      },
    );
    expect(errorCodes(report)).toEqual(['evo-compat-response-enum-value-added']);
    const finding = report.findings[0]!;
    expect(finding.source).toMatch(/next\/b\.yaml$/);
    expect(finding.old.source).toMatch(/schemas\/b\.yaml$/);
    expect(finding.new.range.start.line).toBe(5);
  });

  it('sees properties through allOf: one removed from a base schema breaks the response', async () => {
    const withBase = variant(base(), (d) => {
      S(d).Named = {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' }, alias: { type: 'string' } },
      };
      S(d).Employer = {
        allOf: [{ $ref: '#/components/schemas/Named' }, { type: 'object', properties: { status: { type: 'string' } } }],
      };
    });
    const report = await diffPair(
      withBase,
      variant(withBase, (d) => {
        delete S(d).Named.properties.alias;
      }),
    );
    expect(errorCodes(report)).toEqual(['evo-compat-response-property-removed']);
    expect(report.findings[0]!.message).toContain('`alias`');
  });

  it('judges oneOf alternatives: one more in a response breaks, one more in a request is relaxed', async () => {
    const doc = variant(base(), (d) => {
      S(d).Employer.properties.contact = { oneOf: [{ type: 'string' }, { type: 'integer' }] };
      S(d).NewEmployer.properties.contact = { oneOf: [{ type: 'string' }, { type: 'integer' }] };
    });
    const report = await diffPair(
      doc,
      variant(doc, (d) => {
        S(d).Employer.properties.contact.oneOf.push({ type: 'boolean' });
        S(d).NewEmployer.properties.contact.oneOf.push({ type: 'boolean' });
      }),
    );
    expect(errorCodes(report)).toEqual(['evo-compat-response-property-type-changed']);
    expect(infoCodes(report)).toEqual(['evo-compat-request-validation-relaxed']);
  });

  it('a request body dropped altogether no longer accepts what clients send', async () => {
    const report = await diffPair(
      base(),
      variant(base(), (d) => {
        delete d.paths['/employers'].post.requestBody;
      }),
    );
    expect(errorCodes(report)).toEqual(['evo-compat-request-media-type-removed']);
  });

  it('reads OpenAPI 3.1 type arrays: adding "null" makes a response nullable', async () => {
    const doc = variant(base(), (d) => {
      d.openapi = '3.1.0';
    });
    const report = await diffPair(
      doc,
      variant(doc, (d) => {
        S(d).Employer.properties.name.type = ['string', 'null'];
      }),
    );
    expect(errorCodes(report)).toEqual(['evo-compat-response-property-nullable']);
  });

  it('does not ask clients to send a readOnly property, nor promise them a writeOnly one', async () => {
    const report = await diffPair(
      base(),
      variant(base(), (d) => {
        S(d).NewEmployer.properties.self = { type: 'string', readOnly: true };
        S(d).NewEmployer.required.push('self');
        S(d).Employer.properties.secret = { type: 'string', writeOnly: true };
      }),
    );
    expect(errorCodes(report)).toEqual([]);
    expect(infoCodes(report)).toEqual([]);
  });

  it('judges a schema no operation uses as both a request and a response would', async () => {
    const report = await diffPair(
      base(),
      variant(base(), (d) => {
        S(d).Unused.properties.code.enum = ['A'];
      }),
    );
    expect(errorCodes(report)).toEqual(['evo-compat-request-enum-value-removed']);
    expect(report.findings[0]!.message).toContain('components/schemas/Unused (as a request)');
  });

  it('reports an api-version mismatch only when the new version introduces it', async () => {
    const mismatched = variant(base(), (d) => {
      d.servers[0].url = 'https://api.example.org/demo/v2';
    });
    // Servers /v2 and info.version 1.x in both versions: a condition of the document, not a change.
    expect(
      (
        await diffPair(
          mismatched,
          variant(mismatched, (d) => {
            d.info.version = '1.1.0';
          }),
        )
      ).findings,
    ).toEqual([]);
    // Fixed by the new version: nothing to report either.
    expect((await diffPair(mismatched, base())).findings).toEqual([]);
    // A new disagreement (now /v3) is reported once, at the server URL.
    const report = await diffPair(
      mismatched,
      variant(mismatched, (d) => {
        d.servers[0].url = 'https://api.example.org/demo/v3';
      }),
    );
    expect(report.findings.map((f) => [f.code, f.path.join('/')])).toEqual([['api-version-mismatch', 'servers/0/url']]);
  });

  it('applies x-ignore-rules of the new document, by code or by guide rule', async () => {
    const byCode = await diffPair(
      base(),
      variant(base(), (d) => {
        delete S(d).Employer.properties.status;
        S(d).Employer['x-ignore-rules'] = { 'evo-compat-response-property-removed': 'status was never filled in' };
      }),
    );
    expect(byCode.findings.filter((f) => f.severity === 0)).toEqual([]);
    expect(byCode.ignored.map((f) => [f.code, f.ignoredReason])).toEqual([
      ['evo-compat-response-property-removed', 'status was never filled in'],
    ]);

    const byRule = await diffPair(
      base(),
      variant(base(), (d) => {
        delete d.paths['/employers'].post;
        d.paths['/employers']['x-ignore-rules'] = { 'evo-compat': 'creation moved to a task' };
      }),
    );
    expect(errorCodes(byRule)).toEqual([]);
    expect(byRule.ignored.map((f) => f.code)).toEqual(['evo-compat-operation-removed']);
  });
});
