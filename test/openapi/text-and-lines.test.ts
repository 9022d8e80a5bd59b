import { describe, expect, it } from 'vitest';
import { keyLines } from '../../src/openapi/lines.js';
import { isJsonText, isOpenApi3, parserFor, parseText } from '../../src/openapi/text.js';

const YAML =
  'openapi: 3.0.3\npaths:\n  /a:\n    get:\n      responses:\n        200:\n          description: ok\n        "404":\n          description: gone\n      parameters:\n        - name: x\n          in: query\n';
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

describe('keyLines', () => {
  it('finds where each key of a mapping is written, in YAML and JSON', () => {
    expect(keyLines(YAML, ['paths'])).toEqual(new Map([['/a', 3]]));
    expect(keyLines(JSON_TEXT, ['paths'])).toEqual(new Map([['/a', 4]]));
  });

  it('walks into lists, and reads keys written as numbers as their text', () => {
    expect(keyLines(YAML, ['paths', '/a', 'get', 'responses'])).toEqual(
      new Map([
        ['200', 6],
        ['404', 8],
      ]),
    );
    expect(keyLines(YAML, ['paths', '/a', 'get', 'parameters', 0])).toEqual(
      new Map([
        ['name', 11],
        ['in', 12],
      ]),
    );
  });

  it('finds none where there is no mapping, or no document', () => {
    expect(keyLines(YAML, ['nowhere']).size).toBe(0);
    expect(keyLines(YAML, ['paths', '/a', 'get', 'parameters', 5]).size).toBe(0);
    expect(keyLines(YAML, ['openapi']).size).toBe(0);
    expect(keyLines('{{{', ['paths']).size).toBe(0);
  });
});
