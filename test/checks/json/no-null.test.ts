import check from '../../../src/checks/json/no-null.js';
import { describe, expect, it } from 'vitest';
import { isObject } from '../../../src/core/util/json.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';

const isDocument = (path: string) => /^\/employers\/\d+$/.test(path);

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'a document property set to null',
      server: reference({
        mutate: (req, res) => {
          if (isDocument(req.path) && isObject(res.json)) res.json['name'] = null;
        },
      }),
      findings: ['nullValue'],
    },
    {
      name: 'a nested null in a problem response',
      server: reference({
        mutate: (_req, res) => {
          if (res.status === 404 && isObject(res.json)) res.json['detail'] = null;
        },
      }),
      findings: ['nullValue'],
    },
  ],
});

describe('json.no-null: one finding for every member given null', () => {
  it('names the first and lists the others, however many answers carry them', async () => {
    const report = await runOne(
      check,
      reference({
        mutate: (_req, res) => {
          if (!isObject(res.json)) return;
          res.json['nextPageUri'] = null;
          res.json['previousPageUri'] = null;
        },
      }),
    );
    const failures = report.results.filter((r) => r.status === 'fail').map((r) => r.message);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(
      /: \$\.nextPageUri is null; .* left out; so are `previousPageUri` \(seen in \d+ answers\)\.$/,
    );
  });
});
