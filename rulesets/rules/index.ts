// The registry: every lint rule file, sorted by code. A test keeps it in step with rulesets/rules/<area>/.
// Regenerate with `node scripts/register-rules.mjs` after adding a rule file.
import type { LintRule } from './define.js';
import { rule as addiProp } from './schemas/addi-prop.js';
import { rule as apiVersion } from './document/api-version.js';
import { rule as apiVersionFormat } from './document/api-version-format.js';
import { rule as asyncCespec } from './events/async-cespec.js';
import { rule as asyncContract } from './events/async-contract.js';
import { rule as asyncCtxt } from './events/async-ctxt.js';
import { rule as asyncGeneric } from './events/async-generic.js';
import { rule as asyncSvctype } from './events/async-svctype.js';
import { rule as cntNegot } from './document/cnt-negot.js';
import { rule as codDesign } from './schemas/cod-design.js';
import { rule as colEmbed } from './query/col-embed.js';
import { rule as colFilter } from './query/col-filter.js';
import { rule as colName } from './resources/col-name.js';
import { rule as colPaging } from './query/col-paging.js';
import { rule as colPagingSize } from './query/col-paging-size.js';
import { rule as colRepres } from './resources/col-repres.js';
import { rule as colRepresHref } from './resources/col-repres-href.js';
import { rule as colSort } from './query/col-sort.js';
import { rule as cstHeader } from './names/cst-header.js';
import { rule as ctlRes } from './paths/ctl-res.js';
import { rule as decType } from './schemas/dec-type.js';
import { rule as docPatch } from './resources/doc-patch.js';
import { rule as docRefdata } from './paths/doc-refdata.js';
import { rule as errProblem } from './operations/err-problem.js';
import { rule as evoDeprec } from './document/evo-deprec.js';
import { rule as evoObject } from './resources/evo-object.js';
import { rule as genHeader } from './paths/gen-header.js';
import { rule as hdrCase } from './names/hdr-case.js';
import { rule as hlthRes } from './resources/hlth-res.js';
import { rule as hypLinks } from './documentation/hyp-links.js';
import { rule as hypLinksFormat } from './documentation/hyp-links-format.js';
import { rule as idName } from './names/id-name.js';
import { rule as idNumer } from './schemas/id-numer.js';
import { rule as jsnNaming } from './schemas/jsn-naming.js';
import { rule as jsnNull } from './schemas/jsn-null.js';
import { rule as lngTask } from './resources/lng-task.js';
import { rule as methHttp } from './operations/meth-http.js';
import { rule as multiLang } from './schemas/multi-lang.js';
import { rule as oasComdef } from './reuse/oas-comdef.js';
import { rule as oasComp } from './document/oas-comp.js';
import { rule as oasContra } from './document/oas-contra.js';
import { rule as oasDefaul } from './values/oas-defaul.js';
import { rule as oasDescr } from './schemas/oas-descr.js';
import { rule as oasDescrTitle } from './operations/oas-descr-title.js';
import { rule as oasDoc } from './documentation/oas-doc.js';
import { rule as oasDocCoverage } from './documentation/oas-doc-coverage.js';
import { rule as oasEnum } from './values/oas-enum.js';
import { rule as oasExampl } from './values/oas-exampl.js';
import { rule as oasRdonly } from './schemas/oas-rdonly.js';
import { rule as oasReuse } from './reuse/oas-reuse.js';
import { rule as oasReuseVersion } from './reuse/oas-reuse-version.js';
import { rule as oasTags } from './operations/oas-tags.js';
import { rule as oasTypes } from './document/oas-types.js';
import { rule as oasYaml } from './paths/oas-yaml.js';
import { rule as opbodyReq } from './operations/opbody-req.js';
import { rule as openapiOpid } from './operations/openapi-opid.js';
import { rule as openapiOpidCase } from './operations/openapi-opid-case.js';
import { rule as pathParam } from './names/path-param.js';
import { rule as prbDefaul } from './operations/prb-defaul.js';
import { rule as prbDefaulSchema } from './operations/prb-defaul-schema.js';
import { rule as prbType } from './documentation/prb-type.js';
import { rule as prfEmbed } from './schemas/prf-embed.js';
import { rule as prfLstmod } from './document/prf-lstmod.js';
import { rule as propReq } from './schemas/prop-req.js';
import { rule as qryMulti } from './query/qry-multi.js';
import { rule as repStruct } from './resources/rep-struct.js';
import { rule as reqValid } from './query/req-valid.js';
import { rule as resRepres } from './query/res-repres.js';
import { rule as schAllof } from './composition/sch-allof.js';
import { rule as schAllofTypes } from './composition/sch-allof-types.js';
import { rule as schDiscr } from './composition/sch-discr.js';
import { rule as schOneof } from './composition/sch-oneof.js';
import { rule as secReq } from './resources/sec-req.js';
import { rule as sensDat } from './names/sens-dat.js';
import { rule as statCodesDelete } from './operations/stat-codes-delete.js';
import { rule as statCodesGet } from './operations/stat-codes-get.js';
import { rule as statCodesHead } from './operations/stat-codes-head.js';
import { rule as statCodesOptions } from './operations/stat-codes-options.js';
import { rule as statCodesPatch } from './operations/stat-codes-patch.js';
import { rule as statCodesPost } from './operations/stat-codes-post.js';
import { rule as statCodesPut } from './operations/stat-codes-put.js';
import { rule as uriExtens } from './paths/uri-extens.js';
import { rule as uriFormat } from './document/uri-format.js';
import { rule as uriNotat } from './query/uri-notat.js';
import { rule as uriNotatSlash } from './paths/uri-notat-slash.js';

export const RULES: readonly LintRule[] = [
  addiProp,
  apiVersion,
  apiVersionFormat,
  asyncCespec,
  asyncContract,
  asyncCtxt,
  asyncGeneric,
  asyncSvctype,
  cntNegot,
  codDesign,
  colEmbed,
  colFilter,
  colName,
  colPaging,
  colPagingSize,
  colRepres,
  colRepresHref,
  colSort,
  cstHeader,
  ctlRes,
  decType,
  docPatch,
  docRefdata,
  errProblem,
  evoDeprec,
  evoObject,
  genHeader,
  hdrCase,
  hlthRes,
  hypLinks,
  hypLinksFormat,
  idName,
  idNumer,
  jsnNaming,
  jsnNull,
  lngTask,
  methHttp,
  multiLang,
  oasComdef,
  oasComp,
  oasContra,
  oasDefaul,
  oasDescr,
  oasDescrTitle,
  oasDoc,
  oasDocCoverage,
  oasEnum,
  oasExampl,
  oasRdonly,
  oasReuse,
  oasReuseVersion,
  oasTags,
  oasTypes,
  oasYaml,
  opbodyReq,
  openapiOpid,
  openapiOpidCase,
  pathParam,
  prbDefaul,
  prbDefaulSchema,
  prbType,
  prfEmbed,
  prfLstmod,
  propReq,
  qryMulti,
  repStruct,
  reqValid,
  resRepres,
  schAllof,
  schAllofTypes,
  schDiscr,
  schOneof,
  secReq,
  sensDat,
  statCodesDelete,
  statCodesGet,
  statCodesHead,
  statCodesOptions,
  statCodesPatch,
  statCodesPost,
  statCodesPut,
  uriExtens,
  uriFormat,
  uriNotat,
  uriNotatSlash,
];

/** Where each rule file is, by code: `<area>/<code>`. */
export const RULE_FILES: Readonly<Record<string, string>> = {
  'addi-prop': 'schemas/addi-prop',
  'api-version': 'document/api-version',
  'api-version-format': 'document/api-version-format',
  'async-cespec': 'events/async-cespec',
  'async-contract': 'events/async-contract',
  'async-ctxt': 'events/async-ctxt',
  'async-generic': 'events/async-generic',
  'async-svctype': 'events/async-svctype',
  'cnt-negot': 'document/cnt-negot',
  'cod-design': 'schemas/cod-design',
  'col-embed': 'query/col-embed',
  'col-filter': 'query/col-filter',
  'col-name': 'resources/col-name',
  'col-paging': 'query/col-paging',
  'col-paging-size': 'query/col-paging-size',
  'col-repres': 'resources/col-repres',
  'col-repres-href': 'resources/col-repres-href',
  'col-sort': 'query/col-sort',
  'cst-header': 'names/cst-header',
  'ctl-res': 'paths/ctl-res',
  'dec-type': 'schemas/dec-type',
  'doc-patch': 'resources/doc-patch',
  'doc-refdata': 'paths/doc-refdata',
  'err-problem': 'operations/err-problem',
  'evo-deprec': 'document/evo-deprec',
  'evo-object': 'resources/evo-object',
  'gen-header': 'paths/gen-header',
  'hdr-case': 'names/hdr-case',
  'hlth-res': 'resources/hlth-res',
  'hyp-links': 'documentation/hyp-links',
  'hyp-links-format': 'documentation/hyp-links-format',
  'id-name': 'names/id-name',
  'id-numer': 'schemas/id-numer',
  'jsn-naming': 'schemas/jsn-naming',
  'jsn-null': 'schemas/jsn-null',
  'lng-task': 'resources/lng-task',
  'meth-http': 'operations/meth-http',
  'multi-lang': 'schemas/multi-lang',
  'oas-comdef': 'reuse/oas-comdef',
  'oas-comp': 'document/oas-comp',
  'oas-contra': 'document/oas-contra',
  'oas-defaul': 'values/oas-defaul',
  'oas-descr': 'schemas/oas-descr',
  'oas-descr-title': 'operations/oas-descr-title',
  'oas-doc': 'documentation/oas-doc',
  'oas-doc-coverage': 'documentation/oas-doc-coverage',
  'oas-enum': 'values/oas-enum',
  'oas-exampl': 'values/oas-exampl',
  'oas-rdonly': 'schemas/oas-rdonly',
  'oas-reuse': 'reuse/oas-reuse',
  'oas-reuse-version': 'reuse/oas-reuse-version',
  'oas-tags': 'operations/oas-tags',
  'oas-types': 'document/oas-types',
  'oas-yaml': 'paths/oas-yaml',
  'opbody-req': 'operations/opbody-req',
  'openapi-opid': 'operations/openapi-opid',
  'openapi-opid-case': 'operations/openapi-opid-case',
  'path-param': 'names/path-param',
  'prb-defaul': 'operations/prb-defaul',
  'prb-defaul-schema': 'operations/prb-defaul-schema',
  'prb-type': 'documentation/prb-type',
  'prf-embed': 'schemas/prf-embed',
  'prf-lstmod': 'document/prf-lstmod',
  'prop-req': 'schemas/prop-req',
  'qry-multi': 'query/qry-multi',
  'rep-struct': 'resources/rep-struct',
  'req-valid': 'query/req-valid',
  'res-repres': 'query/res-repres',
  'sch-allof': 'composition/sch-allof',
  'sch-allof-types': 'composition/sch-allof-types',
  'sch-discr': 'composition/sch-discr',
  'sch-oneof': 'composition/sch-oneof',
  'sec-req': 'resources/sec-req',
  'sens-dat': 'names/sens-dat',
  'stat-codes-delete': 'operations/stat-codes-delete',
  'stat-codes-get': 'operations/stat-codes-get',
  'stat-codes-head': 'operations/stat-codes-head',
  'stat-codes-options': 'operations/stat-codes-options',
  'stat-codes-patch': 'operations/stat-codes-patch',
  'stat-codes-post': 'operations/stat-codes-post',
  'stat-codes-put': 'operations/stat-codes-put',
  'uri-extens': 'paths/uri-extens',
  'uri-format': 'document/uri-format',
  'uri-notat': 'query/uri-notat',
  'uri-notat-slash': 'paths/uri-notat-slash',
};
