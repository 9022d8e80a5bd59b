import { expect, it } from 'vitest';
import check from '../../../src/checks/embed/subresources.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import type { Mutator, RequestRewriter } from '../../helpers/proxy.js';

type Map = Record<string, unknown>;
const askedCompany = (path: string) => /^\/employers\/\d+\?(.*&)?embed=company/.test(path);

// An API of another shape: its employer documents declare embed=company and embed the referenced company.
const declareCompany: Mutator = (req, res) => {
  if (!req.path.startsWith('/doc/openapi.json') || !isObject(res.json)) return;
  const get = (res.json['paths'] as Record<string, { get: { parameters?: unknown[] } }>)['/employers/{employerId}']
    ?.get;
  get?.parameters?.push({
    name: 'embed',
    in: 'query',
    required: false,
    style: 'form',
    explode: true,
    schema: { type: 'array', items: { type: 'string', enum: ['company'] } },
  });
};
// The reference server knows no embed on documents: the proxy answers it.
const stripEmbed: RequestRewriter = (req) =>
  askedCompany(req.path) ? { path: req.path.replace(/[?&]embed=company/, '') } : undefined;
const embedCompany =
  (change: (embedded: Map, href: string) => void = () => {}): Mutator =>
  (req, res) => {
    declareCompany(req, res);
    if (!askedCompany(req.path) || !isObject(res.json) || !isObject(res.json['company'])) return;
    const href = String(res.json['company']['href']);
    const embedded: Map = {
      [href]: { self: href, enterpriseNumber: res.json['company']['enterpriseNumber'] },
    };
    change(embedded, href);
    res.json['embedded'] = embedded;
  };
const declared = (change?: (embedded: Map, href: string) => void) =>
  reference({ mutate: embedCompany(change), rewrite: stripEmbed });

// A collection that embeds its items unasked.
const embedUnasked: Mutator = (req, res) => {
  if (
    !/^\/employers\?/.test(req.path) ||
    req.path.includes('embed=') ||
    !isObject(res.json) ||
    !Array.isArray(res.json['items'])
  )
    return;
  const href = String((res.json['items'][0] as Map)['href']);
  res.json['embedded'] = { [href]: { self: href } };
};

testCheck(check, {
  valid: [
    // The reference offers embed=items on two collections: nothing is embedded unasked.
    { name: 'reference server', server: reference() },
    { name: 'an API that declares embed=company on its documents', server: declared() },
  ],
  invalid: [
    { name: 'items embedded without embed', server: reference({ mutate: embedUnasked }), findings: ['unrequested'] },
    {
      name: 'embedded is an array',
      server: reference({
        mutate: (req, res) => {
          embedCompany()(req, res);
          if (askedCompany(req.path) && isObject(res.json))
            res.json['embedded'] = Object.values(res.json['embedded'] as Map);
        },
        rewrite: stripEmbed,
      }),
      findings: ['notMap'],
    },
    {
      name: 'keyed by enterprise number, not href',
      server: declared((e, href) => {
        const value = e[href];
        delete e[href];
        e['0200068636'] = value;
      }),
      findings: ['unreferenced', 'missingEntry'],
    },
    {
      name: 'embed=company answers an empty embedded',
      server: declared((e, href) => {
        delete e[href];
      }),
      findings: ['missingEntry'],
    },
    {
      name: 'the embedded company is named otherwise than the company itself',
      server: declared((embedded, href) => {
        (embedded[href] as Map)['name'] = 'Not its name';
      }),
      findings: ['notSame'],
    },
    {
      name: 'the entry is a bare string',
      server: declared((e, href) => {
        e[href] = 'company';
      }),
      findings: ['notRepresentation'],
    },
    {
      name: 'the entry has a relative self',
      server: declared((e, href) => {
        (e[href] as Map)['self'] = new URL(href).pathname;
      }),
      findings: ['selfMismatch'],
    },
  ],
});

// The published document declares no embed parameter.
const noEmbedDeclared: Mutator = (req, res) => {
  if (req.path.startsWith('/doc/openapi.json') && isObject(res.json))
    delete (res.json['components'] as { parameters: Map }).parameters['EmbedQuery'];
};

it('embed.subresources stays quiet where neither the profile nor the document offers embed', async () => {
  const profile = { collections: [{ path: '/employers', key: 'employerId', filters: ['name'] }] };
  const report = await runOne(
    check,
    reference({
      mutate: (req, res) => {
        noEmbedDeclared(req, res);
        embedUnasked(req, res);
      },
    }),
    profile,
  );
  expect(report.results.map((r) => r.status)).toEqual(['skip']);
  expect(report.results[0]?.message).toMatch(/no resource offers `embed`/);
});
