import check from '../../../src/checks/patch/nested-merge.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import type { ProxiedRequest } from '../../helpers/proxy.js';
import { isCreatedEmployer, withDocument, WRITE_PROFILE } from '../create/support/write-profile.js';

/** After a PATCH, company holds only what the patch sent (as a shallow-merging server stores it). */
function replacesNestedObjects(on: 'GET' | 'PATCH', options: { ignoring?: string } = {}) {
  const patched = new Set<string>();
  return reference({
    // json-server ignores a merge-patch+json body (it answers 200) but applies application/json.
    ...(options.ignoring
      ? {
          rewrite: (req: ProxiedRequest) =>
            req.method === 'PATCH' && req.headers['content-type'] === options.ignoring ? { body: '{}' } : undefined,
        }
      : {}),
    mutate: (req, res) => {
      if (!isCreatedEmployer(req.path)) return;
      if (req.method === 'PATCH') patched.add(req.path);
      if (req.method === on && patched.has(req.path) && isObject(res.json) && isObject(res.json['company']))
        delete res.json['company']['href'];
    },
  });
}

/** Each created employer embeds a related record first (Sails populates `station`), which refuses any patch. */
const embedsRelatedRecord = reference({
  mutate: (req, res) => {
    if (!isCreatedEmployer(req.path)) return;
    if (req.method === 'PATCH' && req.body.includes('station')) {
      res.status = 400;
      res.headers['content-type'] = 'application/json';
      res.json = { code: 'E_INVALID_VALUES_TO_SET' };
    } else if (req.method === 'GET' && isObject(res.json))
      res.json = { station: { id: 7, name: 'Gent-Sint-Pieters', createdAt: 1700000000000 }, ...res.json };
  },
});

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference(), profile: WRITE_PROFILE },
    // Field pass 6: a merge into Sails' populated `station` (id, createdAt) was refused and blamed on nested merge.
    {
      name: 'an embedded related record is not the nested object merged into',
      server: embedsRelatedRecord,
      profile: WRITE_PROFILE,
    },
  ],
  invalid: [
    {
      name: 'nested object replaced (seen on GET)',
      server: replacesNestedObjects('GET'),
      profile: WRITE_PROFILE,
      findings: ['replaced'],
    },
    {
      name: 'nested object replaced (seen in the PATCH response)',
      server: replacesNestedObjects('PATCH'),
      profile: WRITE_PROFILE,
      findings: ['replaced'],
    },
    {
      name: 'merge patch ignored, application/json applied and replacing nested objects (json-server)',
      server: replacesNestedObjects('GET', { ignoring: 'application/merge-patch+json' }),
      profile: WRITE_PROFILE,
      findings: ['replaced'],
    },
    {
      name: 'a nested patch is refused',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'PATCH' && req.body.includes('company')) res.status = 422;
        },
      }),
      profile: withDocument((d) => d),
      findings: ['rejected'],
    },
  ],
});
