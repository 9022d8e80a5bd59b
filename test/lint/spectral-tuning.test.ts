// The message printer shortcut answers exactly what Spectral's printer would, and is in effect.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { tuneSpectral } from '../../src/lint/spectral-tuning.js';

const require = createRequire(import.meta.url);
type Print = (input: string, values: unknown) => string;

it('prints messages as the stock printer does, without building a parser for plain text', () => {
  const module = require(join(dirname(require.resolve('@stoplight/spectral-core')), 'runner/utils/message.js')) as { message: Print };
  const stock = module.message;
  tuneSpectral();
  expect(module.message).not.toBe(stock); // in effect: a changed spectral-core layout fails here
  const values = { error: 'Example is not valid', property: 'name', value: 42, path: '#/a', description: 'd' };
  const cases: Array<[string, unknown]> = [
    ['{{error}}', values],
    ['{{error}}', { property: 'x' }],
    ['{{error}}', { error: 7 }],
    ['plain text, no placeholder', values],
    ['{{property}} should be camelCase: {{error}}', values],
    ['#{{print("property")}}is wrong', values],
    ['#{{print("value")}}', values],
    ['{{unknown}} stays empty', values],
    ['', values],
  ];
  for (const [input, vars] of cases) expect(module.message(input, vars), input).toBe(stock(input, vars));
});
