// The naming patterns (lowerCamelCase, UpperCamelCase, query names, server URLs, a base URL's
// segments) match exactly the names the Java validator's spellings match (query names also take
// one-letter words, as JSON property names do, and no underscore: snake_case is no lowerCamelCase), without their
// exponential backtracking: `[a-z0-9]+(?:[A-Z]?[a-z0-9]+)*` splits a lower-case run of n letters in
// 2^n ways, and a name failing after such a run (`averageresponsetimeinms_total`) took half a
// second, ten letters more ten minutes. Proven equal on every name of up to seven characters over
// letters, digits and separators, and on every server URL built from a table of parts; then names
// of hundreds of letters, which the old spellings would never finish, are judged at once.
import { describe, expect, it } from 'vitest';
import { belgifRules } from '../../rulesets/belgif.js';
import { LOWER_CAMEL, UPPER_CAMEL } from '../../rulesets/support/naming.js';
import { LOWER_CAMEL_SEGMENT } from '../../src/checks/link/support/base-url-format.js';
import { lintObject } from '../../src/lint/index.js';
import { sequences } from '../helpers/strings.js';

/** The spellings of the Java validator and of the guide, as they were. */
const JAVA = {
  lowerCamel: /^[a-z0-9]+(?:[A-Z]?[a-z0-9]+)*[a-zA-Z0-9]?$/,
  upperCamel: /^[A-Z][a-z0-9]*(?:[A-Z]?[a-z0-9]+)*[a-zA-Z0-9]?$/,
  queryName: /^[a-z0-9]+(?:[A-Z]?[a-z0-9]+)*[a-zA-Z0-9]?(?:[._][a-z0-9]+(?:[A-Z]?[a-z0-9]+)*[a-zA-Z0-9]?)*$/,
  segment: /^[a-z0-9]+(?:[A-Z]?[a-z0-9]+)*$/,
  serverUrl:
    /^((http:\/\/localhost)[:0-9]{0,7}\/?|(https:\/\/[-a-zA-Z0-9@:%._+~#=]{1,256})|\/?)(\/[A-Za-z0-9]*)*(\/[a-z0-9]+([A-Z]?[a-z0-9]+)*)+\/v[0-9]+$/,
};
// Query names as the guide reads them: the Java spelling, or segments of one-letter words as JSON property
// names have them (enableSecondaryYAxis; not employerID): "consistent throughout the API".
const oneLetterWords = (segment: string): boolean =>
  /^[a-z0-9]+(?:[A-Z][a-z0-9]*)*$/.test(segment) && !/[A-Z]{3}/.test(segment) && !/[A-Z]{2}$/.test(segment);
const GUIDE_QUERY_NAME = {
  test: (name: string): boolean =>
    !name.includes('_') && (JAVA.queryName.test(name) || name.split('.').every(oneLetterWords)),
};
// The guide leaves pathPrefix free: the Java spelling with - . _ ~ allowed in the prefix segments.
const GUIDE_SERVER_URL =
  /^((http:\/\/localhost)[:0-9]{0,7}\/?|(https:\/\/[-a-zA-Z0-9@:%._+~#=]{1,256})|\/?)(\/[A-Za-z0-9._~-]*)*(\/[a-z0-9]+([A-Z]?[a-z0-9]+)*)+\/v[0-9]+$/;

type Options = { match?: string; pattern?: string };
const optionsOf = (code: string, index = 0): Options => {
  const then = belgifRules[code]?.then;
  return ((Array.isArray(then) ? then[index] : then)?.functionOptions ?? {}) as Options;
};
const OURS = {
  lowerCamel: LOWER_CAMEL,
  upperCamel: UPPER_CAMEL,
  pathParameter: new RegExp(optionsOf('path-param').match as string),
  queryName: new RegExp(optionsOf('uri-notat', 1).match as string),
  segment: LOWER_CAMEL_SEGMENT,
  serverUrl: new RegExp(optionsOf('uri-format').pattern as string),
};

describe('naming patterns', () => {
  const pairs: Array<[string, RegExp, { test: (name: string) => boolean }]> = [
    ['lowerCamelCase', OURS.lowerCamel, JAVA.lowerCamel],
    ['path parameter (path-param)', OURS.pathParameter, JAVA.lowerCamel],
    ['UpperCamelCase', OURS.upperCamel, JAVA.upperCamel],
    ['query parameter (uri-notat, with one-letter words)', OURS.queryName, GUIDE_QUERY_NAME],
    ['base URL segment (check)', OURS.segment, JAVA.segment],
  ];

  for (const [name, ours, theirs] of pairs) {
    it(`${name}: matches what the reference spelling matches, on every name of up to 7 characters`, () => {
      let compared = 0;
      let matching = 0;
      const differing: string[] = [];
      for (const s of sequences(['a', '1', 'A', 'B', '_', '.'], 7)) {
        compared++;
        const expected = theirs.test(s);
        if (expected) matching++;
        if (ours.test(s) !== expected && differing.length < 10) differing.push(s);
      }
      expect(differing).toEqual([]);
      expect(compared).toBe(335_923);
      expect(matching).toBeGreaterThan(1_000); // both directions are exercised
    });
  }

  it("server URL (uri-format): matches what the guide's spelling matches (the Java one, with a free pathPrefix), on every URL built from a table of parts", () => {
    const prefixes = [
      '',
      '/',
      'https://h',
      'https://api.h.be:8443',
      'http://localhost',
      'http://localhost:8080/',
      'ftp://h',
      'h',
    ];
    const segments = ['', 'a', 'aB', 'aBC', 'Ab', 'a1', 'v1', 'ab_c', 'aB1c', 'API', 'esd-eto'];
    const suffixes = ['/v1', '/v', '/v12', '', '/v1/', '/V1'];
    const paths = [''];
    for (let depth = 1, level = ['']; depth <= 3; depth++) {
      level = level.flatMap((p) => segments.map((s) => `${p}/${s}`));
      paths.push(...level);
    }
    let compared = 0;
    let matching = 0;
    const differing: string[] = [];
    for (const prefix of prefixes)
      for (const path of paths)
        for (const suffix of suffixes) {
          const url = prefix + path + suffix;
          compared++;
          const expected = GUIDE_SERVER_URL.test(url);
          if (expected) matching++;
          if (OURS.serverUrl.test(url) !== expected && differing.length < 10) differing.push(url);
          // Only a prefix segment the Java spelling refuses (one with - . _ ~) may make the two differ.
          if (!/[-._~]/.test(path) && expected !== JAVA.serverUrl.test(url) && differing.length < 10)
            differing.push(`java: ${url}`);
        }
    expect(differing).toEqual([]);
    expect(compared).toBe(8 * 1464 * 6);
    expect(OURS.serverUrl.test('https://api.brk.kadaster.nl/esd-eto-apikey/bevragen/v2')).toBe(true);
    expect(OURS.serverUrl.test('https://h/esd-eto/v2')).toBe(false); // the apiName itself is lowerCamelCase
    expect(matching).toBeGreaterThan(1_000);
  });

  it('judges names of hundreds of letters failing at their end, which the old spellings would never finish', () => {
    const run = 'a'.repeat(300);
    expect(OURS.lowerCamel.test(`${run}_total`)).toBe(false);
    expect(OURS.lowerCamel.test(`${run}Total`)).toBe(true);
    expect(OURS.upperCamel.test(`A${run}_x`)).toBe(false);
    expect(OURS.queryName.test(`${run}.${run}-x`)).toBe(false);
    expect(OURS.segment.test(`${run}B`)).toBe(false);
    expect(OURS.serverUrl.test(`https://h/${run}_x/v1`)).toBe(false);
    expect(OURS.serverUrl.test(`https://h${'/a'.repeat(200)}/v1_`)).toBe(false);
    expect(OURS.serverUrl.test(`https://h/${run}/v1`)).toBe(true);
  });

  it('a document naming things with long snake_case words lints and gets its naming findings', async () => {
    const word = 'averageresponsetimeinmilliseconds'; // 33 letters: about an hour for each old spelling
    const report = await lintObject({
      openapi: '3.0.3',
      info: { title: 'Names', version: '1.0', description: 'Long names.' },
      servers: [{ url: `https://api.example.com/${word}_x/v1` }],
      paths: {
        '/things/{thing_identifierfortheresourceinquestion}': {
          get: {
            operationId: 'getThing',
            parameters: [
              {
                name: 'thing_identifierfortheresourceinquestion',
                in: 'path',
                required: true,
                schema: { type: 'string' },
              },
              { name: `${word}_of-filter`, in: 'query', schema: { type: 'string' } },
            ],
            responses: {
              200: {
                description: 'The thing.',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          Thing: { type: 'object', properties: { [`${word}_total`]: { type: 'integer' } } },
          [`A${word}_thing`]: { type: 'object' },
        },
      },
    });
    const messages = report.findings.map((f) => `${f.code}: ${f.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        `jsn-naming: Property name "${word}_total" should be lowerCamelCase`,
        `path-param: Path parameter "thing_identifierfortheresourceinquestion" should be lowerCamelCase`,
        `uri-notat: Query parameter "${word}_of-filter" should be lowerCamelCase`,
        `uri-format: Server URL "https://api.example.com/${word}_x/v1" has the form https://host/[pathPrefix/]apiName/v{major}, but its apiName "${word}_x" should be lowerCamelCase`,
      ]),
    );
    expect(messages.some((m) => m.includes(`Component name "A${word}_thing" should be UpperCamelCase`))).toBe(true);
  });
});
