import check from '../../../src/checks/id/leading-zeros.js';
import { isObject } from '../../../src/core/util/json.js';
import type { Mutator } from '../../helpers/proxy.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

const onPadded =
  (change: Mutator): Mutator =>
  (req, res) => {
    if (/^\/employers\/0[0-9]+$/.test(req.path)) change(req, res);
  };

/** Another client renames the sample employer just before every read with the padded id: a read of the canonical URI after it sees the new name. */
function renamedBeforeEachPaddedRead(): Mutator {
  let version = 0;
  return (req, res) => {
    const match = /^\/employers\/(0?)([0-9]+)$/.exec(req.path);
    if (!match || !isObject(res.json)) return;
    if (match[1] === '0') version++;
    res.json['name'] = `Renamed ${version}`;
  };
}

testCheck(check, {
  valid: [
    { name: 'reference server (leading zeros ignored)', server: reference() },
    {
      name: 'leading zeros refused with 400',
      server: reference({
        mutate: onPadded((_q, res) => {
          res.status = 400;
          res.headers['content-type'] = 'application/problem+json';
          res.json = { type: 'urn:problem-type:belgif:badRequest', status: 400 };
        }),
      }),
    },
    {
      name: 'the resource renamed by another client between the canonical and the padded read',
      server: reference({ mutate: renamedBeforeEachPaddedRead() }),
    },
  ],
  invalid: [
    {
      name: 'leading zero crashes',
      server: reference({
        mutate: onPadded((_q, res) => {
          res.status = 500;
        }),
      }),
      findings: ['serverError'],
    },
    {
      name: 'leading zero finds another resource',
      server: reference({
        mutate: onPadded((_q, res) => {
          if (isObject(res.json)) res.json['name'] = 'Someone Else';
        }),
      }),
      findings: ['otherResource'],
    },
    {
      name: 'leading zero answers 204',
      server: reference({
        mutate: onPadded((_q, res) => {
          res.status = 204;
          res.text = '';
          res.json = undefined;
        }),
      }),
      findings: ['unexpectedStatus'],
    },
  ],
});
