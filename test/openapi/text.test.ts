import { describe, expect, it } from 'vitest';
import { keyLines, lineOf } from '../../src/openapi/lines.js';
import { isJsonText, isOpenApi3, parserFor, parseText } from '../../src/openapi/text.js';

const YAML = 'openapi: 3.0.3\npaths:\n  /a:\n    get:\n      responses:\n        200:\n          description: ok\n        "404":\n          description: gone\n      parameters:\n        - name: x\n          in: query\n';
const JSON_TEXT = JSON.stringify(parseText(YAML), null, 2);

describe('reading a document', () => {
  it('parses YAML and JSON alike, and throws on malformed text', () => {
    expect(parseText(YAML)).toEqual(parseText(JSON_TEXT));
    expect(() => parseText('a: [1')).toThrow();
  });

  it('knows an OpenAPI 3 document by its version and paths', () => {
    expect(isOpenApi3(parseText(YAML))).toBe(true);
    expect(isOpenApi3({ openapi: '3.1.0' })).toBe(false);
    expect(isOpenApi3({ swagger: '2.0', paths: {} })).toBe(false);
    expect(isOpenApi3(['openapi'])).toBe(false);
  });

  it('picks the JSON parser by file name or an opening brace, else YAML', () => {
    const parsers = { json: 'json', yaml: 'yaml' };
    expect(parserFor('/x/openapi.JSON', 'openapi: 3.0.3', parsers)).toBe('json');
    expect(parserFor('https://x.test/openapi.json?v=1', '', parsers)).toBe('json');
    expect(parserFor('<stdin>', '\n  {"openapi": "3.0.3"}', parsers)).toBe('json');
    expect(parserFor('openapi.yaml', 'openapi: 3.0.3\nx: {}', parsers)).toBe('yaml');
    expect(isJsonText('openapi.yaml', 'a: {')).toBe(false);
  });
});

describe('lines', () => {
  it('of the keys of a mapping, in YAML and JSON', () => {
    expect(keyLines(YAML, ['paths'])).toEqual(new Map([['/a', 3]]));
    expect(keyLines(JSON_TEXT, ['paths'])).toEqual(new Map([['/a', 4]]));
    expect(keyLines(YAML, ['nowhere']).size).toBe(0);
  });

  it('of a path: a key (numbers written bare match their text) or an item of a list', () => {
    expect(lineOf(YAML, ['paths', '/a', 'get', 'responses', '200'])).toBe(6);
    expect(lineOf(YAML, ['paths', '/a', 'get', 'responses', '404'])).toBe(8);
    expect(lineOf(YAML, ['paths', '/a', 'get', 'parameters', 0])).toBe(11);
    expect(lineOf(JSON_TEXT, ['paths', '/a', 'get', 'responses', '404'])).toBe(lineOf(JSON_TEXT, ['paths', '/a', 'get', 'responses', '200'])! + 3);
  });

  it('of nothing for the root, a missing key or a malformed text', () => {
    expect(lineOf(YAML, [])).toBeUndefined();
    expect(lineOf(YAML, ['paths', '/b'])).toBeUndefined();
    expect(lineOf(YAML, ['paths', '/a', 'get', 'parameters', 5])).toBeUndefined();
    expect(lineOf('{{{', ['paths'])).toBeUndefined();
  });
});
