// ajv, its 2020-12 draft and ajv-formats, for the validators of schema-validator.ts.
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';

interface AjvModules {
  Ajv: typeof Ajv;
  Ajv2020: typeof Ajv2020;
  addFormats: (ajv: Ajv) => Ajv;
}

type Formats = Record<
  string,
  RegExp | ((value: string) => boolean) | { validate: RegExp | ((value: string) => boolean) }
>;

// ajv-formats is CommonJS with a `default` beside its module.exports: either may arrive here.
const addFormats = ((addFormatsModule as unknown as { default?: AjvModules['addFormats'] }).default ??
  addFormatsModule) as unknown as AjvModules['addFormats'];

/** ajv-formats' full set of formats (what its addFormats gives an ajv), without ajv itself. */
export function ajvFormats(): Formats {
  return fullFormats as unknown as Formats;
}

export function ajvModules(): AjvModules {
  return { Ajv, Ajv2020, addFormats };
}
