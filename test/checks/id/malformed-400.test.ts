import check from '../../../src/checks/id/malformed-400.js';
import { describe, expect, it } from 'vitest';
import { isObject } from '../../../src/core/util/json.js';
import type { Mutator } from '../../helpers/proxy.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';

const onAbc =
  (change: Mutator): Mutator =>
  (req, res) => {
    if (req.path === '/employers/abc') change(req, res);
  };

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'malformed id answers 404',
      server: reference({
        mutate: onAbc((_q, res) => {
          res.status = 404;
        }),
      }),
      findings: ['not400'],
    },
    {
      name: 'malformed id answers 500',
      server: reference({
        mutate: onAbc((_q, res) => {
          res.status = 500;
        }),
      }),
      findings: ['not400'],
    },
    {
      name: '400 as plain JSON',
      server: reference({
        mutate: onAbc((_q, res) => {
          res.headers['content-type'] = 'application/json';
        }),
      }),
      findings: ['notProblem'],
    },
    {
      name: '400 with a not-found type',
      server: reference({
        mutate: onAbc((_q, res) => {
          if (isObject(res.json)) res.json['type'] = 'urn:problem-type:belgif:resourceNotFound';
        }),
      }),
      findings: ['notBadRequest'],
    },
  ],
});

describe('id.malformed-400 on a framework that answers 422 for every malformed id', () => {
  it('is one finding naming the ids refused alike', async () => {
    const report = await runOne(
      check,
      reference({
        mutate: (req, res) => {
          if (res.status === 400 && /^\/employers\/[^/?]+$/.test(req.path)) res.status = 422;
        },
      }),
    );
    const failures = report.results.filter((r) => r.status === 'fail');
    expect(failures.map((r) => r.message)).toEqual([
      expect.stringMatching(/\(malformed id abc, 6000000000\) answered 422 instead of 400\.$/),
    ]);
    expect(failures[0]?.evidence).toHaveLength(2);
  });
});

describe('id.malformed-400 on ids the document types `number` or a string format', () => {
  // The reference API's document, with its employer id as another type: the derived profile decides the probes.
  const derivedWith = async (employerId: Record<string, unknown>) => {
    const { buildOpenApiDocument } = await import('../../../src/reference-server/openapi/document.js');
    const { deriveProfile } = await import('../../../src/core/profile/openapi-profile.js');
    const doc = buildOpenApiDocument() as { components: { schemas: Record<string, unknown> } };
    doc.components.schemas['EmployerId'] = employerId;
    return deriveProfile(doc);
  };

  it('a number id gets a malformed-id probe: the reference server passes it', async () => {
    const profile = await derivedWith({ type: 'number' });
    expect(profile.documents?.find((d) => d.path === '/employers/{employerId}')?.malformedIds).toEqual(['abc']);
    const report = await runOne(check, reference(), profile);
    expect(report.results.filter((r) => r.resource === '/employers/{employerId}').map((r) => r.status)).toEqual([
      'pass',
    ]);
  });

  it('a number id answered 404 when malformed fails', async () => {
    const report = await runOne(
      check,
      reference({ mutate: onAbc((_q, res) => void (res.status = 404)) }),
      await derivedWith({ type: 'number' }),
    );
    const ofEmployers = report.results.filter((r) => r.resource === '/employers/{employerId}');
    expect(ofEmployers.map((r) => `${r.status} ${r.messageId}`)).toEqual(['fail not400']);
  });

  it('a string id with a format (uuid, date) gets `abc`', async () => {
    for (const format of ['uuid', 'date', 'date-time']) {
      const profile = await derivedWith({ type: 'string', format });
      expect(profile.documents?.find((d) => d.path === '/employers/{employerId}')?.malformedIds).toEqual(['abc']);
    }
  });
});
