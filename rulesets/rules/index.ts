// The registry: every lint rule file, sorted by code. A test keeps it in step with rulesets/rules/<area>/.
// Regenerate with `node scripts/register-rules.mjs` after adding a rule file.
import type { LintRule } from './define.js';
import { rule as apiVersion } from './document/api-version.js';
import { rule as apiVersionFormat } from './document/api-version-format.js';
import { rule as asyncCespec } from './events/async-cespec.js';
import { rule as asyncContract } from './events/async-contract.js';
import { rule as asyncCtxt } from './events/async-ctxt.js';
import { rule as asyncGeneric } from './events/async-generic.js';
import { rule as asyncSvctype } from './events/async-svctype.js';
import { rule as cntNegot } from './document/cnt-negot.js';
import { rule as cstHeader } from './names/cst-header.js';
import { rule as ctlRes } from './paths/ctl-res.js';
import { rule as docRefdata } from './paths/doc-refdata.js';
import { rule as evoDeprec } from './document/evo-deprec.js';
import { rule as genHeader } from './paths/gen-header.js';
import { rule as hdrCase } from './names/hdr-case.js';
import { rule as idName } from './names/id-name.js';
import { rule as oasComp } from './document/oas-comp.js';
import { rule as oasContra } from './document/oas-contra.js';
import { rule as oasTypes } from './document/oas-types.js';
import { rule as oasYaml } from './paths/oas-yaml.js';
import { rule as pathParam } from './names/path-param.js';
import { rule as prfLstmod } from './document/prf-lstmod.js';
import { rule as sensDat } from './names/sens-dat.js';
import { rule as uriExtens } from './paths/uri-extens.js';
import { rule as uriFormat } from './document/uri-format.js';
import { rule as uriNotatSlash } from './paths/uri-notat-slash.js';

export const RULES: readonly LintRule[] = [
  apiVersion,
  apiVersionFormat,
  asyncCespec,
  asyncContract,
  asyncCtxt,
  asyncGeneric,
  asyncSvctype,
  cntNegot,
  cstHeader,
  ctlRes,
  docRefdata,
  evoDeprec,
  genHeader,
  hdrCase,
  idName,
  oasComp,
  oasContra,
  oasTypes,
  oasYaml,
  pathParam,
  prfLstmod,
  sensDat,
  uriExtens,
  uriFormat,
  uriNotatSlash,
];

/** Where each rule file is, by code: `<area>/<code>`. */
export const RULE_FILES: Readonly<Record<string, string>> = {
  'api-version': 'document/api-version',
  'api-version-format': 'document/api-version-format',
  'async-cespec': 'events/async-cespec',
  'async-contract': 'events/async-contract',
  'async-ctxt': 'events/async-ctxt',
  'async-generic': 'events/async-generic',
  'async-svctype': 'events/async-svctype',
  'cnt-negot': 'document/cnt-negot',
  'cst-header': 'names/cst-header',
  'ctl-res': 'paths/ctl-res',
  'doc-refdata': 'paths/doc-refdata',
  'evo-deprec': 'document/evo-deprec',
  'gen-header': 'paths/gen-header',
  'hdr-case': 'names/hdr-case',
  'id-name': 'names/id-name',
  'oas-comp': 'document/oas-comp',
  'oas-contra': 'document/oas-contra',
  'oas-types': 'document/oas-types',
  'oas-yaml': 'paths/oas-yaml',
  'path-param': 'names/path-param',
  'prf-lstmod': 'document/prf-lstmod',
  'sens-dat': 'names/sens-dat',
  'uri-extens': 'paths/uri-extens',
  'uri-format': 'document/uri-format',
  'uri-notat-slash': 'paths/uri-notat-slash',
};
