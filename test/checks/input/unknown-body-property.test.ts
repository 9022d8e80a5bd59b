import check from '../../../src/checks/input/unknown-body-property.js';
import { describe, expect, it } from 'vitest';
import { isObject } from '../../../src/core/util/json.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import { serverKeysProfile, startLaxStore } from '../../helpers/lax-store.js';

/** From the refused PATCH on, every GET of an employer reads changed. */
function changedAfterRefusal() {
  let patched = false;
  return reference({
    mutate: (req, res) => {
      if (req.method === 'PATCH' && /^\/employers\/[0-9]+$/.test(req.path)) patched = true;
      if (req.method === 'GET' && /^\/employers\/[0-9]+$/.test(req.path) && patched && isObject(res.json))
        res.json['name'] = 'changed';
    },
  });
}

/** A dynamic mock: every read of any employer, the one the probe created included, shows another name. */
function randomReads() {
  let reads = 0;
  return reference({
    mutate: (req, res) => {
      if (req.method === 'GET' && /^\/employers\/[0-9]+$/.test(req.path) && isObject(res.json))
        res.json['name'] = `random name ${++reads}`;
    },
  });
}

/** Another client renames the seeded employers all the time: every GET of one shows a new name. */
function othersRenameSeeded() {
  let renames = 0;
  return reference({
    mutate: (req, res) => {
      if (req.method === 'GET' && /^\/employers\/[0-9]{1,9}$/.test(req.path) && isObject(res.json))
        res.json['name'] = `renamed by another client ${++renames}`;
    },
  });
}

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference() },
    // Failed before ("refused with 400 but changed the document anyway"): the probe now writes a document it created.
    { name: 'other clients keep changing the seeded employers', server: othersRenameSeeded() },
    // Failed before ("refused with 400 but changed the document anyway") against a dynamic Prism mock.
    { name: 'every read of a document differs, the refused write changed nothing', server: randomReads() },
  ],
  invalid: [
    {
      // The run's own bad input broke the server: reported as that, not as a departure from validation's 400.
      name: 'the bad body answers 500',
      server: reference({
        mutate: (req, res) => {
          if ((req.method === 'POST' || req.method === 'PATCH') && res.status === 400) {
            res.status = 500;
            res.headers['content-type'] = 'application/problem+json';
            res.json = { type: 'about:blank', status: 500 };
          }
        },
      }),
      findings: ['serverError'],
    },
    {
      name: 'unknown property refused as a schema violation',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'GET' || !isObject(res.json) || !Array.isArray(res.json['issues'])) return;
          for (const issue of res.json['issues'])
            if (isObject(issue)) issue['type'] = 'urn:problem-type:belgif:input-validation:schemaViolation';
        },
      }),
      findings: ['noUnknownInputIssue'],
    },
    {
      name: 'create with an unknown property answers 201',
      server: reference({
        mutate: (req, res) => {
          if (req.method !== 'POST' || req.path !== '/employers') return;
          res.status = 201;
          res.headers['location'] = '/registry/v1/employers/93';
        },
      }),
      findings: ['created'],
    },
    { name: 'document changed although refused', server: changedAfterRefusal(), findings: ['changed'] },
  ],
});

describe('input.unknown-body-property on a json-server-like store (201 without a Location)', () => {
  it('says the resource was created, with no placeholder where the Location would be', async () => {
    const report = await runOne(check, { start: () => startLaxStore() }, serverKeysProfile());
    // Its PATCH took the property too: the same fault, one result.
    expect(report.results.filter((r) => r.status === 'fail').map((r) => r.messageId)).toEqual(['created']);
    const created = report.results.find((r) => r.messageId === 'created');
    expect(created?.message).toMatch(
      /^POST http:\S+\/employers created a resource from a body with an unknown property \(seen in 2 answers\)\.$/,
    );
  });
});

describe('input.unknown-body-property: a PATCH repeating the POST fault is one finding', () => {
  it('reports the POST and PATCH that both answered 422 as one result with both as evidence', async () => {
    const report = await runOne(
      check,
      reference({
        mutate: (req, res) => {
          if ((req.method === 'POST' || req.method === 'PATCH') && res.status === 400) res.status = 422;
        },
      }),
    );
    const failed = report.results.filter((r) => r.status === 'fail');
    expect(failed.map((r) => r.messageId)).toEqual(['not400']);
    expect(failed[0]?.message).toMatch(/\(seen in 2 answers\)/);
    expect(failed[0]?.evidence.map((e) => e.request.method).sort()).toEqual(['PATCH', 'POST']);
  });
});
