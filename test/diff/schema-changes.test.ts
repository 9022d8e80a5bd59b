// Schema changes judged from what a client sees, one finding per cause: compatible narrowing of
// responses, removed request properties, exclusive bounds in both spellings, uniqueItems, and
// oneOf/anyOf alternatives matched by content.
import { describe, expect, it } from 'vitest';
import { base } from './base-document.js';
import { diffPair, errorCodes, infoCodes, variant, type Doc } from './harness.js';

const S = (d: any) => d.components.schemas;
const codes = async (before: Doc, after: Doc) => {
  const report = await diffPair(before, after);
  return { errors: errorCodes(report), infos: infoCodes(report), report };
};

describe('a changed bound says from what to what', () => {
  /** The one finding's message when `change` edits NewEmployer's properties of `before`. */
  const message = async (change: (properties: any) => void, before = base()) => {
    const { findings } = await diffPair(
      before,
      variant(before, (d) => change(S(d).NewEmployer.properties)),
    );
    expect(findings).toHaveLength(1);
    return findings[0]!.message;
  };

  it('a length: lowered from 100 to 50, raised from 100 to 200', async () => {
    expect(await message((p) => (p.name.maxLength = 50))).toContain('body.name maxLength lowered from 100 to 50 [');
    expect(await message((p) => (p.name.maxLength = 200))).toContain('body.name: maxLength raised from 100 to 200 [');
    expect(await message((p) => (p.name.minLength = 2))).toContain('body.name minLength added: 2 [');
  });

  it('a number: lowered from 200 to 100; a change of exclusiveness shows both bounds', async () => {
    const bounded = variant(base(), (d) => (S(d).NewEmployer.properties.employees.maximum = 200));
    const of = (change: (employees: any) => void) => message((p) => change(p.employees), bounded);
    expect(await of((e) => (e.maximum = 100))).toContain('body.employees maximum lowered from 200 to 100 [');
    expect(await of((e) => (e.maximum = 300))).toContain('body.employees: maximum raised from 200 to 300 [');
    expect(await of((e) => (e.exclusiveMaximum = true))).toContain(
      'body.employees maximum changed from <= 200 to < 200 [',
    );
  });
});

describe('one finding per cause', () => {
  it('a request value changed from integer to string with a maxLength is one type change', async () => {
    expect(
      await codes(
        base(),
        variant(base(), (d) => {
          S(d).NewEmployer.properties.employees = { type: 'string', maxLength: 10, pattern: '^[0-9]+$' };
        }),
      ),
    ).toMatchObject({ errors: ['evo-compat-request-type-changed'], infos: [] });
  });

  it('a response object that became a string is one type change, not one per property', async () => {
    const { errors, infos } = await codes(
      base(),
      variant(base(), (d) => {
        S(d).EmployerList = { type: 'string', format: 'uri' };
      }),
    );
    expect({ errors, infos }).toEqual({ errors: ['evo-compat-response-property-type-changed'], infos: [] });
  });

  it('a nullable string that became an integer is one type change in each direction, null included', async () => {
    const doc = variant(base(), (d) => {
      S(d).Employer.properties.name.nullable = true;
      S(d).NewEmployer.properties.name.nullable = true;
    });
    const { errors, infos, report } = await codes(
      doc,
      variant(doc, (d) => {
        S(d).Employer.properties.name = { type: 'integer' };
        S(d).NewEmployer.properties.name = { type: 'integer' };
      }),
    );
    expect({ errors, infos }).toEqual({
      errors: ['evo-compat-request-type-changed', 'evo-compat-response-property-type-changed'],
      infos: [],
    });
    expect(
      report.findings.map((f) => f.message).every((m) => m.includes('changed type from string|null to integer')),
    ).toBe(true);
  });

  it('still reports both causes when a type is dropped and the one left is bounded', async () => {
    const doc = variant(base(), (d) => {
      d.openapi = '3.1.0';
      S(d).NewEmployer.properties.employees.type = ['integer', 'string'];
    });
    const { errors } = await codes(
      doc,
      variant(doc, (d) => {
        S(d).NewEmployer.properties.employees = { type: 'string', maxLength: 10 };
      }),
    );
    expect(errors).toEqual(['evo-compat-request-bound-tightened', 'evo-compat-request-type-changed']);
  });

  it('a schema no operation uses gives one finding per change, the breaking one', async () => {
    const removed = await codes(
      base(),
      variant(base(), (d) => {
        delete S(d).Unused.properties.code;
      }),
    );
    expect({ errors: removed.errors, infos: removed.infos }).toEqual({
      errors: ['evo-compat-response-property-removed'],
      infos: [],
    });
    const limited = await codes(
      base(),
      variant(base(), (d) => {
        S(d).Unused.properties.code.enum = ['A'];
      }),
    );
    expect({ errors: limited.errors, infos: limited.infos }).toEqual({
      errors: ['evo-compat-request-enum-value-removed'],
      infos: [],
    });
  });
});

describe('evo-compat-response-narrowed (compatible, listed as info)', () => {
  it('lists an enum value removed from a response, and nothing else', async () => {
    const { errors, infos, report } = await codes(
      base(),
      variant(base(), (d) => {
        S(d).Employer.properties.status.enum = ['active'];
      }),
    );
    expect({ errors, infos }).toEqual({ errors: [], infos: ['evo-compat-response-narrowed'] });
    expect(report.findings[0]!.message).toContain('no longer "closed"');
    expect(report.findings[0]!.path).toEqual(['components', 'schemas', 'Employer', 'properties', 'status']);
  });

  it('lists a type narrowed, null no longer returned and a property now always present', async () => {
    const doc = variant(base(), (d) => {
      S(d).Employer.properties.employees = { type: 'number', nullable: true };
    });
    const { errors, infos } = await codes(
      doc,
      variant(doc, (d) => {
        S(d).Employer.properties.employees = { type: 'integer' };
        S(d).Employer.required.push('status');
      }),
    );
    expect({ errors, infos }).toEqual({ errors: [], infos: Array(3).fill('evo-compat-response-narrowed') });
  });

  it('is not given where nothing narrowed, nor for the same change to a request', async () => {
    expect(
      (
        await codes(
          base(),
          variant(base(), (d) => {
            S(d).Employer.properties.status.description = 'Its state';
          }),
        )
      ).report.findings,
    ).toEqual([]);
    const request = await codes(
      base(),
      variant(base(), (d) => {
        S(d).NewEmployer.properties.status.enum = ['active'];
      }),
    );
    expect({ errors: request.errors, infos: request.infos }).toEqual({
      errors: ['evo-compat-request-enum-value-removed'],
      infos: [],
    });
  });
});

describe('relaxed requests outside schemas (compatible, listed as info)', () => {
  it('lists a parameter and a request body made optional, and a request media type added', async () => {
    const { errors, infos, report } = await codes(
      base(),
      variant(base(), (d) => {
        d.paths['/employers'].post.requestBody.required = false;
        d.paths['/employers'].post.requestBody.content['application/x-www-form-urlencoded'] = {
          schema: { type: 'object' },
        };
      }),
    );
    expect({ errors, infos }).toEqual({ errors: [], infos: Array(2).fill('evo-compat-request-validation-relaxed') });
    expect(report.findings.map((f) => f.message.replace(/ \[old:.*/, '')).sort()).toEqual([
      'POST /employers now also accepts a application/x-www-form-urlencoded request body',
      'POST /employers request body is now optional',
    ]);
    const optional = await codes(
      variant(base(), (d) => {
        d.paths['/employers'].get.parameters[0].required = true;
      }),
      base(),
    );
    expect({ errors: optional.errors, infos: optional.infos }).toEqual({
      errors: [],
      infos: ['evo-compat-request-validation-relaxed'],
    });
    expect(optional.report.findings[0]!.message).toContain('query parameter `page` is now optional');
  });
});

describe('evo-compat-request-property-removed', () => {
  it('fires on a request property removed: clients still send it', async () => {
    const { errors, infos, report } = await codes(
      base(),
      variant(base(), (d) => {
        delete S(d).NewEmployer.properties.status;
      }),
    );
    expect({ errors, infos }).toEqual({ errors: ['evo-compat-request-property-removed'], infos: [] });
    expect(report.findings[0]!.old.path).toEqual(['components', 'schemas', 'NewEmployer', 'properties', 'status']);
  });

  it('does not fire on a readOnly property, which clients do not send', async () => {
    const doc = variant(base(), (d) => {
      S(d).NewEmployer.properties.self = { type: 'string', readOnly: true };
    });
    expect(
      (
        await codes(
          doc,
          variant(doc, (d) => {
            delete S(d).NewEmployer.properties.self;
          }),
        )
      ).report.findings,
    ).toEqual([]);
  });
});

describe('exclusive bounds (3.0 boolean and 3.1 number) and uniqueItems in requests', () => {
  const with30 = (schema: object) =>
    variant(base(), (d) => {
      S(d).NewEmployer.properties.employees = { type: 'integer', ...schema };
    });
  const with31 = (schema: object) =>
    variant(base(), (d) => {
      d.openapi = '3.1.0';
      S(d).NewEmployer.properties.employees = { type: 'integer', ...schema };
    });
  const cases: Array<[string, Doc, Doc, string[], string[]]> = [
    [
      '3.0 exclusiveMinimum added',
      with30({ minimum: 0 }),
      with30({ minimum: 0, exclusiveMinimum: true }),
      ['evo-compat-request-bound-tightened'],
      [],
    ],
    [
      '3.0 exclusiveMaximum removed',
      with30({ maximum: 9, exclusiveMaximum: true }),
      with30({ maximum: 9 }),
      [],
      ['evo-compat-request-validation-relaxed'],
    ],
    [
      '3.1 exclusiveMinimum added beside minimum',
      with31({ minimum: 0 }),
      with31({ minimum: 0, exclusiveMinimum: 0 }),
      ['evo-compat-request-bound-tightened'],
      [],
    ],
    [
      '3.1 exclusiveMaximum lowered',
      with31({ exclusiveMaximum: 10 }),
      with31({ exclusiveMaximum: 5 }),
      ['evo-compat-request-bound-tightened'],
      [],
    ],
    [
      '3.1 exclusiveMaximum made inclusive',
      with31({ exclusiveMaximum: 10 }),
      with31({ maximum: 10 }),
      [],
      ['evo-compat-request-validation-relaxed'],
    ],
  ];
  for (const [name, before, after, errors, infos] of cases) {
    it(name, async () => {
      const result = await codes(before, after);
      expect({ errors: result.errors, infos: result.infos }).toEqual({ errors, infos });
    });
  }

  it('the same bound in the other spelling is no change', async () => {
    expect(
      (await diffPair(with30({ minimum: 0, exclusiveMinimum: true }), with31({ exclusiveMinimum: 0 }))).findings,
    ).toEqual([]);
  });

  it('uniqueItems added to a request refuses repeated items; removed, it accepts them', async () => {
    const tags = (unique: boolean | undefined) =>
      variant(base(), (d) => {
        d.paths['/employers'].get.parameters[1].schema.uniqueItems = unique;
        if (unique === undefined) delete d.paths['/employers'].get.parameters[1].schema.uniqueItems;
      });
    expect(await codes(tags(undefined), tags(true))).toMatchObject({
      errors: ['evo-compat-request-bound-tightened'],
      infos: [],
    });
    expect(await codes(tags(true), tags(undefined))).toMatchObject({
      errors: [],
      infos: ['evo-compat-request-validation-relaxed'],
    });
    expect((await codes(tags(undefined), tags(false))).report.findings).toEqual([]);
  });
});

describe('oneOf/anyOf alternatives matched by content', () => {
  const contact = (alternatives: object[], keyword = 'oneOf') =>
    variant(base(), (d) => {
      S(d).Employer.properties.contact = { [keyword]: alternatives };
      S(d).NewEmployer.properties.contact = { [keyword]: structuredClone(alternatives) };
    });
  const email = { type: 'string', format: 'email' };
  const phone = { type: 'integer' };
  const address = { $ref: '#/components/schemas/Unused' };

  it('reordering alternatives is no change', async () => {
    expect((await diffPair(contact([email, phone, address]), contact([address, email, phone]))).findings).toEqual([]);
    expect((await diffPair(contact([email, phone], 'anyOf'), contact([phone, email], 'anyOf'))).findings).toEqual([]);
  });

  it('an alternative added in front: breaking in the response, compatible in the request, one finding each', async () => {
    const { errors, infos, report } = await codes(
      contact([email, phone]),
      contact([{ type: 'boolean' }, email, phone]),
    );
    expect({ errors, infos }).toEqual({
      errors: ['evo-compat-response-property-type-changed'],
      infos: ['evo-compat-request-validation-relaxed'],
    });
    expect(report.findings.every((f) => f.message.includes('boolean'))).toBe(true);
  });

  it('an alternative removed: compatible in the response, breaking in the request', async () => {
    const { errors, infos } = await codes(contact([email, phone, address]), contact([address, email]));
    expect({ errors, infos }).toEqual({
      errors: ['evo-compat-request-type-changed'],
      infos: ['evo-compat-response-narrowed'],
    });
  });

  it('compares a changed alternative with its counterpart, found by the component it references', async () => {
    const before = contact([phone, address]);
    const { errors, infos } = await codes(
      before,
      variant(before, (d) => {
        S(d).Employer.properties.contact.oneOf.reverse();
        S(d).NewEmployer.properties.contact.oneOf.reverse();
        S(d).Unused.properties.code.maxLength = 3;
      }),
    );
    expect({ errors, infos }).toEqual({ errors: ['evo-compat-request-bound-tightened'], infos: [] });
  });

  it('compares an alternative changed in place with its counterpart of the same type, not as removed and added', async () => {
    const { errors, infos, report } = await codes(
      contact([email, phone]),
      contact([{ type: 'integer', minimum: 1 }, email]),
    );
    expect({ errors, infos }).toEqual({ errors: ['evo-compat-request-bound-tightened'], infos: [] });
    expect(report.findings[0]!.message).toContain('minimum added: >= 1');
  });

  it('pairs the one alternative left on each side when their types overlap', async () => {
    const { errors, infos } = await codes(contact([email, { type: 'number' }]), contact([{ type: 'integer' }, email]));
    expect({ errors, infos }).toEqual({
      errors: ['evo-compat-request-type-changed'],
      infos: ['evo-compat-response-narrowed'],
    });
  });
});
