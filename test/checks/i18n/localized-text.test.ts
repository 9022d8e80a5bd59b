import { expect, it } from 'vitest';
import check from '../../../src/checks/i18n/localized-text.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import type { Mutator } from '../../helpers/proxy.js';

type Map = Record<string, unknown>;
/** Rewrites the `description` of every embedded employer class. */
const onDescriptions =
  (change: (description: Map, entry: Map) => void): Mutator =>
  (req, res) => {
    if (!req.path.startsWith('/appendices/employerclasses?') || !isObject(res.json) || !isObject(res.json['embedded']))
      return;
    for (const entry of Object.values(res.json['embedded']))
      if (isObject(entry) && isObject(entry['description'])) change(entry['description'], entry);
  };
/** Upper-cases the language keys of every description (`NL`, `FR`): the guide says ISO 639-1 codes, lower case. */
const upperCaseKeys = onDescriptions((d) => {
  for (const key of Object.keys(d)) {
    d[key.toUpperCase()] = d[key];
    delete d[key];
  }
});
/**
 * Upper-cases the language keys of the employer classes' own documents but the first (`agriculture`, the sample the
 * check reads itself): only the documents the run read across the data show them.
 */
const upperCaseElsewhere: Mutator = (req, res) => {
  if (!/^\/appendices\/employerclasses\/(?!agriculture)\w+$/.test(req.path) || !isObject(res.json)) return;
  const description = res.json['description'];
  if (!isObject(description)) return;
  for (const key of Object.keys(description)) {
    description[key.toUpperCase()] = description[key];
    delete description[key];
  }
  res.text = JSON.stringify(res.json);
};
/** The published document declares the text with upper-case language keys too. */
const upperCaseInDocument: Mutator = (req, res) => {
  if (!req.path.startsWith('/doc/openapi.json') || !isObject(res.json)) return;
  const text = (res.json['components'] as { schemas: Map }).schemas['LocalizedText'];
  if (isObject(text) && isObject(text['properties']))
    text['properties'] = Object.fromEntries(Object.entries(text['properties']).map(([k, v]) => [k.toUpperCase(), v]));
};
// The published document declares the description one plain string.
const descriptionIsString: Mutator = (req, res) => {
  if (req.path.startsWith('/doc/openapi.json') && isObject(res.json))
    (res.json['components'] as { schemas: Map }).schemas['LocalizedText'] = { type: 'string' };
};

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'the description is one English string',
      server: reference({
        mutate: onDescriptions((d, entry) => {
          entry['description'] = d['en'];
        }),
      }),
      findings: ['notObject'],
    },
    {
      name: 'the description is keyed by locale (nl-BE)',
      server: reference({
        mutate: onDescriptions((d) => {
          d['nl-BE'] = d['nl'];
          delete d['nl'];
        }),
      }),
      findings: ['badKey'],
    },
    {
      name: 'the description is keyed by upper-case codes (NL, FR)',
      server: reference({ mutate: upperCaseKeys }),
      findings: ['badKey'],
    },
    {
      name: 'the description and its schema are keyed by upper-case codes',
      server: reference({
        mutate: (req, res) => {
          upperCaseInDocument(req, res);
          upperCaseKeys(req, res);
        },
      }),
      findings: ['badKey'],
    },
    {
      // Not on the pages and documents the check reads itself: on the others the run read.
      name: 'the documents beyond the sample keyed by upper-case codes (NL, FR)',
      server: reference({ mutate: upperCaseElsewhere }),
      findings: ['badKey'],
    },
    {
      name: 'a language holds an array of texts',
      server: reference({
        mutate: onDescriptions((d) => {
          d['fr'] = [d['fr']];
        }),
      }),
      findings: ['notText'],
    },
  ],
});

it('i18n.localized-text stays quiet on a text the document declares one string', async () => {
  const mutate: Mutator = (req, res) => {
    descriptionIsString(req, res);
    onDescriptions((d, entry) => {
      entry['description'] = d['en'];
    })(req, res);
  };
  const report = await runOne(check, reference({ mutate }));
  expect(report.results.map((r) => r.status)).toEqual(['skip']);
  expect(report.results[0]?.message).toMatch(/no response of the target carries a text/);
});
