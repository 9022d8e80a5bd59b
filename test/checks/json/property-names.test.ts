import check from '../../../src/checks/json/property-names.js';
import { describe, expect, it } from 'vitest';
import { isObject } from '../../../src/core/util/json.js';
import { NamedFaults } from '../../../src/checks/json/support/named-faults.js';
import type { CheckContext } from '../../../src/core/engine/define-check.js';
import type { Exchange } from '../../../src/core/engine/exchange.js';
import { BUILT_IN_PROFILE } from '../../../src/core/profile/profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { reference, runOne, testCheck, type ServerFactory } from '../../helpers/check-harness.js';

const isDocument = (path: string) => /^\/employers\/\d+$/.test(path);

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference() },
    {
      name: 'map keys (language codes, URLs, HTTP methods) are data, not names',
      server: reference({
        mutate: (req, res) => {
          if (!isDocument(req.path) || !isObject(res.json)) return;
          res.json['description'] = { nl: 'werkgever', fr: 'employeur', 'nl-BE': 'werkgever' };
          res.json['links'] = { 'https://example.org/a': { href: 'https://example.org/a' } };
          res.json['actions'] = { POST: { required: true }, PUT: { required: false } };
        },
      }),
    },
  ],
  invalid: [
    {
      name: 'a document with employer_name',
      server: reference({
        mutate: (req, res) => {
          if (isDocument(req.path) && isObject(res.json)) res.json['employer_name'] = 'x';
        },
      }),
      findings: ['notLowerCamelCase'],
    },
    {
      name: 'a nested EmployerName in every collection item',
      server: reference({
        mutate: (req, res) => {
          if (req.path.startsWith('/employers?') && isObject(res.json) && Array.isArray(res.json['items'])) {
            for (const item of res.json['items']) if (isObject(item)) item['EmployerName'] = 'x';
          }
        },
      }),
      findings: ['notLowerCamelCase'],
    },
    {
      name: 'an upper-case abbreviation (employerID)',
      server: reference({
        mutate: (req, res) => {
          if (isDocument(req.path) && isObject(res.json)) res.json['employerID'] = 1;
        },
      }),
      findings: ['notLowerCamelCase'],
    },
    {
      name: 'more bad names than are listed',
      server: reference({
        mutate: (req, res) => {
          if (!isDocument(req.path) || !isObject(res.json)) return;
          for (let i = 0; i < 12; i++) res.json[`bad_name${i}`] = i;
        },
      }),
      findings: ['notLowerCamelCase'],
    },
    {
      name: 'a bad name inside an embedded representation',
      server: reference({
        mutate: (req, res) => {
          const embedded = isObject(res.json) ? res.json['embedded'] : undefined;
          if (!req.path.startsWith('/employers?') || !isObject(embedded)) return;
          for (const value of Object.values(embedded)) if (isObject(value)) value['Employer-Name'] = 'x';
        },
      }),
      findings: ['notLowerCamelCase'],
    },
  ],
});

describe('json.property-names: one finding for every name at fault', () => {
  it('names the first and lists the others, however many answers and paths carry them', async () => {
    const report = await runOne(
      check,
      reference({
        mutate: (req, res) => {
          if (!isObject(res.json)) return;
          res.json['vat_number'] = 'x';
          res.json['actions'] = { post: { read_only: true }, put: { read_only: false } };
        },
      }),
    );
    const failures = report.results.filter((r) => r.status === 'fail').map((r) => r.message);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(
      /: property vat_number at \$\.vat_number is not lowerCamelCase; nor are `read_only` \(seen in \d+ answers\)\.$/,
    );
  });
});

describe('json.property-names: the API description served at the base URL is no representation', () => {
  // Mojolicious::Plugin::OpenAPI answers GET <base> with the document: its schema names, paths and statuses are
  // the description's keys, not the API's property names.
  const description = {
    openapi: '3.0.3',
    info: { title: 'Employers', version: '1.0' },
    paths: { '/employers': { get: { responses: { '200': { description: 'a page' } } } } },
    components: { schemas: { Employer: { type: 'object' }, EmployerInput: { type: 'object' } } },
  };
  const describedAtBase = (extra: Record<string, unknown>) => {
    const seen: string[] = [];
    const server = reference({
      mutate: (req, res) => {
        if (req.method !== 'GET' || (req.path !== '' && req.path !== '/')) return;
        seen.push(req.path);
        res.status = 200;
        res.headers['content-type'] = 'application/json;charset=UTF-8';
        res.json = { ...description, ...extra };
      },
    });
    return { server, seen };
  };
  // As a run of the command does: the base URL is asked first, and its answer is in the run's traffic.
  const runProbing = async (server: ServerFactory) => {
    const running = await server.start();
    try {
      return await runChecks([check], BUILT_IN_PROFILE, {
        baseUrl: running.url,
        probe: true,
        timeoutMs: 5000,
        deadlineMs: 25_000,
        concurrency: 4,
      });
    } finally {
      await running.close();
    }
  };

  // The same plugin answers OPTIONS with the path's operations under a JSON Schema `$schema`: a description too.
  const pathItem = {
    openapi: undefined,
    info: undefined,
    paths: undefined,
    $schema: 'http://json-schema.org/draft-04/schema#',
    get: { operationId: 'listEmployers', responses: { '200': { description: 'a page' } } },
  };
  it.each([
    ['the OpenAPI document', {}],
    ['a JSON Schema of its operations', pathItem],
  ])('passes when the base URL answers %s', async (_what, extra) => {
    const { server, seen } = describedAtBase(extra);
    const report = await runProbing(server);
    expect(seen.length).toBeGreaterThan(0);
    expect(report.results.map((r) => r.status)).toEqual(['pass']);
  });

  it('still judges a base URL answering data that is no description', async () => {
    const { server, seen } = describedAtBase({ openapi: undefined, swagger: undefined });
    const report = await runProbing(server);
    expect(seen.length).toBeGreaterThan(0);
    const failed = report.results.filter((r) => r.status === 'fail');
    expect(failed.map((r) => r.messageId)).toEqual(['notLowerCamelCase']);
    expect(failed[0]?.message).toMatch(/EmployerInput/);
  });
});

describe('NamedFaults: how many answers showed the faults', () => {
  it('counts each answer once, however many of its names are at fault, past the evidence kept', () => {
    const faults = new NamedFaults();
    const answers = Array.from({ length: 5 }, (_, index) => ({
      request: { method: 'GET', url: `http://127.0.0.1/api/${index}`, headers: {} },
      response: { status: 200, headers: {}, text: '{}', json: {} },
      durationMs: 0,
    })) as unknown as Exchange[];
    for (const answer of answers) {
      faults.add('vat_number', '$.vat_number', answer);
      faults.add('read_only', '$.read_only', answer);
    }
    const reported: Array<{ data: Record<string, unknown>; evidence: unknown[] }> = [];
    const ctx = {
      pass: () => undefined,
      report: (_id: string, data: Record<string, unknown>, ...evidence: unknown[]) => reported.push({ data, evidence }),
    } as unknown as CheckContext<'notLowerCamelCase'>;
    faults.flush(ctx, 'notLowerCamelCase', 'nor are');
    expect(reported).toHaveLength(1);
    expect(reported[0]?.data['also']).toBe(' (seen in 5 answers)');
    expect(reported[0]?.evidence).toHaveLength(3);
  });
});
