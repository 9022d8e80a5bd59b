import { expect, it } from 'vitest';
import check from '../../../src/checks/collection/repeated-param.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import type { Mutator, RequestRewriter } from '../../helpers/proxy.js';
import { nestedDocument, startNestedApi } from '../../helpers/nested-api.js';
import { rebase } from '../../../src/core/profile/base-path.js';
import { deriveProfile } from '../../../src/core/profile/openapi-profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';

const repeatedName = (path: string) => (path.match(/[?&]name=/g) ?? []).length > 1;

// A server that wants the comma form: the repeated parameter is a bad request.
const refuseRepeated: Mutator = (req, res) => {
  if (!repeatedName(req.path)) return;
  res.status = 400;
  res.headers['content-type'] = 'application/problem+json';
  res.json = { type: 'urn:problem-type:belgif:badRequest', title: 'Bad Request', status: 400 };
};
// A server that reads only the first occurrence of a parameter.
const firstOnly: RequestRewriter = (req) => {
  if (!repeatedName(req.path)) return undefined;
  let seen = false;
  const [path, query = ''] = req.path.split('?');
  const kept = query.split('&').filter((pair) => !pair.startsWith('name=') || (!seen && (seen = true)));
  return { path: `${path ?? ''}?${kept.join('&')}` };
};
// The published document declares `name` one string: repeating it is then no qry-multi matter.
const nameNotArray: Mutator = (req, res) => {
  if (!req.path.startsWith('/doc/openapi.json') || !isObject(res.json)) return;
  const parameters = (res.json['components'] as { parameters: Record<string, Record<string, unknown>> }).parameters;
  const name = parameters['NameQuery'] as Record<string, unknown>;
  delete name['style'];
  delete name['explode'];
  name['schema'] = { type: 'string' };
};

// An API whose /employers declares embed=odd and embed=even, each embedding every other item: the proxy answers
// them from embed=items. With `keepOne`, the repeated form embeds what embed=odd alone does.
const parity = (keepOne: boolean) => {
  const asked = (path: string, value: string) => path.startsWith('/employers?') && path.includes(`embed=${value}`);
  const rewrite: RequestRewriter = (req) =>
    asked(req.path, 'odd') || asked(req.path, 'even')
      ? { path: req.path.replace(/embed=(odd|even)/g, 'embed=items') }
      : undefined;
  const mutate: Mutator = (req, res) => {
    if (req.path.startsWith('/doc/openapi.json') && isObject(res.json)) {
      const embed = (
        res.json['components'] as { parameters: Record<string, { schema: { items: { enum: string[] } } }> }
      ).parameters['EmbedQuery'];
      if (embed) embed.schema.items.enum = ['items', 'odd', 'even'];
    }
    const [odd, even] = [asked(req.path, 'odd'), asked(req.path, 'even')];
    if ((!odd && !even) || (odd && even && !keepOne) || !isObject(res.json) || !isObject(res.json['embedded'])) return;
    const keep = odd ? 1 : 0;
    res.json['embedded'] = Object.fromEntries(
      Object.entries(res.json['embedded']).filter((_entry, index) => index % 2 === keep),
    );
  };
  return reference({ mutate, rewrite });
};

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference() },
    { name: 'embed declared with two values, both read when repeated', server: parity(false) },
  ],
  invalid: [
    { name: 'repeated name answered 400', server: reference({ mutate: refuseRepeated }), findings: ['refused'] },
    { name: 'only the first name read', server: reference({ rewrite: firstOnly }), findings: ['oneValue'] },
    { name: 'only the first embed value read', server: parity(true), findings: ['oneValue'] },
  ],
});

it('collection.repeated-param stays quiet on a parameter declared single-valued', async () => {
  const report = await runOne(
    check,
    reference({
      mutate: (req, res) => {
        nameNotArray(req, res);
        refuseRepeated(req, res);
      },
    }),
  );
  expect(report.results.map((r) => r.status)).not.toContain('fail');
  expect(
    report.results
      .filter((r) => r.status === 'skip')
      .map((r) => r.message)
      .join('\n'),
  ).toMatch(/declares no multi-valued/);
});

it('collection.repeated-param reads a nested collection under its template, not its concrete path', async () => {
  const options = { listsAccounts: true };
  const server = await startNestedApi(options);
  try {
    const { document, baseUrl } = rebase(nestedDocument(options), server.url);
    const report = await runChecks([check], deriveProfile(document), {
      baseUrl: baseUrl ?? server.url,
      allowWrites: false,
      timeoutMs: 5000,
      deadlineMs: 30_000,
      contract: document,
    });
    const calls = report.results.filter((r) => r.resource.includes('/Calls'));
    expect(calls.length).toBeGreaterThan(0);
    // The calls' GET is declared at /Accounts/{AccountSid}/Calls.json: found, and no parameter there is multi-valued.
    for (const result of calls)
      expect(`${result.status} ${result.message}`).toMatch(
        /^skip GET \/Accounts\/\{AccountSid\}\/Calls\.json declares no multi-valued/,
      );
  } finally {
    await server.close();
  }
});
