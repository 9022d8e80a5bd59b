// Unquoted `200:` keys read fine: they are the OpenAPI Specification's quoting rule (oas-status-quotes,
// error: "This field MUST be enclosed in quotation marks"), other non-string keys YAML style
// (yaml-key-quotes, warning); `parser` stays for what cannot be read.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintDocuments } from '../../src/lint/index.js';
import { lintRuleInfos } from '../../src/lint/rule-infos.js';

const doc = (ok: string, notFound: string, year: string) => `openapi: 3.0.3
info: {title: T, version: 1.0.0}
paths:
  /things:
    get:
      responses:
        ${ok}:
          description: ok
          content:
            application/json:
              schema: {type: object}
              example:
                ${year}: counted
        ${notFound}:
          description: not found
`;

async function lint(text: string) {
  const file = join(await mkdtemp(join(tmpdir(), 'restguide-keys-')), 'openapi.yaml');
  await writeFile(file, text);
  const { findings } = await lintDocuments([file]);
  return findings
    .filter((f) => ['parser', 'oas-status-quotes', 'yaml-key-quotes'].includes(f.code))
    .map((f) => [f.code, f.severity, f.path.join('.'), f.message]);
}

describe('non-string YAML keys', () => {
  it('one finding per unquoted key, with its code, severity and fix; none coded parser', async () => {
    expect(await lint(doc('200', '404', '2024'))).toEqual([
      [
        'oas-status-quotes',
        0,
        'paths./things.get.responses.200',
        "Response code 200 is an unquoted number: the OpenAPI Specification requires status codes in quotation marks; write '200':",
      ],
      [
        'yaml-key-quotes',
        1,
        'paths./things.get.responses.200.content.application/json.example.2024',
        "Key 2024 is read as a number, not a string: quote it ('2024':) so the document converts to JSON as written",
      ],
      [
        'oas-status-quotes',
        0,
        'paths./things.get.responses.404',
        "Response code 404 is an unquoted number: the OpenAPI Specification requires status codes in quotation marks; write '404':",
      ],
    ]);
  }, 20_000);
  it('quoted keys give none', async () => {
    expect(await lint(doc("'200'", "'404'", "'2024'"))).toEqual([]);
  }, 20_000);
  it('restguide rules lists both codes with their severities', () => {
    const rows = lintRuleInfos()
      .filter((r) => r.id.endsWith('-quotes'))
      .map((r) => [r.id, r.severity]);
    expect(rows).toEqual([
      ['oas-status-quotes', 'error'],
      ['yaml-key-quotes', 'warning'],
    ]);
  });
});
