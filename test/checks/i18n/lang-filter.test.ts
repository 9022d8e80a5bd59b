import { expect, it } from 'vitest';
import check from '../../../src/checks/i18n/lang-filter.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import type { Mutator, RequestRewriter } from '../../helpers/proxy.js';

const filtered = (path: string) => path.startsWith('/refData/deliveryMethods/') && path.includes('lang=');
/** Rewrites the `description` of a delivery method asked with `lang`. */
const onFiltered =
  (change: (description: Record<string, unknown>) => void): Mutator =>
  (req, res) => {
    if (filtered(req.path) && isObject(res.json) && isObject(res.json['description'])) change(res.json['description']);
  };
// A server that ignores `lang`: the request reaches it without the parameter.
const ignoreLang: RequestRewriter = (req) =>
  filtered(req.path) ? { path: req.path.replace(/[?&]lang=[^&]*/, '') } : undefined;
// The published document no longer declares `lang`.
const undeclared: Mutator = (req, res) => {
  if (!req.path.startsWith('/doc/openapi.json') || !isObject(res.json)) return;
  const get = (res.json['paths'] as Record<string, { get: { parameters?: unknown[] } }>)[
    '/refData/deliveryMethods/{deliveryMethodCode}'
  ]?.get;
  if (get) delete get.parameters;
};

// An API whose `lang` offers French only, and refuses any other value as its document says.
const frenchOnly: Mutator = (req, res) => {
  if (req.path.startsWith('/doc/openapi.json') && isObject(res.json)) {
    const get = (res.json['paths'] as Record<string, { get: { parameters: Array<Record<string, unknown>> } }>)[
      '/refData/deliveryMethods/{deliveryMethodCode}'
    ]?.get;
    const lang = get?.parameters.find((p) => p['name'] === 'lang');
    if (lang) lang['schema'] = { type: 'string', enum: ['fr'] };
  }
  if (filtered(req.path) && !req.path.includes('lang=fr')) {
    res.status = 400;
    res.json = { type: 'urn:problem-type:belgif:badRequest', status: 400 };
  }
};

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference() },
    { name: 'lang declared for one language: that one is asked', server: reference({ mutate: frenchOnly }) },
  ],
  invalid: [
    {
      name: 'lang is ignored: every language comes back',
      server: reference({ rewrite: ignoreLang }),
      findings: ['notFiltered'],
    },
    {
      name: 'lang answers the wrong language',
      server: reference({
        mutate: onFiltered((d) => {
          for (const key of Object.keys(d)) delete d[key];
          d['xx'] = 'other';
        }),
      }),
      findings: ['notFiltered', 'lostLanguage'],
    },
    {
      name: 'lang is refused',
      server: reference({
        mutate: (req, res) => {
          if (filtered(req.path)) {
            res.status = 400;
            res.json = { type: 'urn:problem-type:belgif:badRequest', status: 400 };
          }
        },
      }),
      findings: ['refused'],
    },
  ],
});

it('i18n.lang-filter stays quiet where no GET declares lang', async () => {
  const report = await runOne(check, reference({ mutate: undeclared, rewrite: ignoreLang }));
  expect(report.results.map((r) => r.status)).toEqual(['skip']);
  expect(report.results[0]?.message).toMatch(/no GET declares the `lang` query parameter/);
});
