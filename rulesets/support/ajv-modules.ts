// ajv, its 2020-12 draft and ajv-formats (or ajv-formats' formats alone), loaded when a value first needs ajv (see
// schema-validator.ts) rather than when the ruleset loads: their start-up is 5-10 ms of every lint,
// and a lint whose examples all pass the quick checks never compiles a validator. The bundle
// (scripts/bundle.mjs) replaces this file with the same function over its own bundled copies.
import { createRequire } from 'node:module';
import type { Ajv } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';

export interface AjvModules {
  Ajv: typeof Ajv;
  Ajv2020: typeof Ajv2020;
  addFormats: (ajv: Ajv) => Ajv;
}

let modules: AjvModules | undefined;

type Formats = Record<string, RegExp | ((value: string) => boolean) | { validate: RegExp | ((value: string) => boolean) }>;
let formats: Formats | undefined;

/** ajv-formats' full set of formats (what its addFormats gives an ajv), without ajv itself. */
export function ajvFormats(): Formats {
  formats ??= (createRequire(import.meta.url)('ajv-formats/dist/formats') as { fullFormats: Formats }).fullFormats;
  return formats;
}

export function ajvModules(): AjvModules {
  if (modules) return modules;
  const load = createRequire(import.meta.url);
  const formats = load('ajv-formats') as { default?: AjvModules['addFormats'] } & AjvModules['addFormats'];
  modules = {
    Ajv: (load('ajv') as { Ajv: typeof Ajv }).Ajv,
    Ajv2020: (load('ajv/dist/2020') as { Ajv2020: typeof Ajv2020 }).Ajv2020,
    addFormats: formats.default ?? formats,
  };
  return modules;
}
