// Cases oas-reuse and oas-reuse-version share: both judge only documents reusable from several APIs
// (isSharedDocument), so the API's own split files must give neither a finding.
import type { RuleCase } from '../../define.js';
import { P, REUSE, withSchemas } from '../../documents.js';

/** A referenced file outside <domain>/v<major>/ and without info.version. */
export const UNVERSIONED = `${REUSE}/shared/types.yaml#/components/schemas/Amount`;
// The API's own folder (test/lint/split), beside the harness's document.
const SPLIT = 'split';

// Issue 46 first pass (NHS PDS): the API's own split files are not documents reusable from several APIs.
export const ownSplitFileCases = (): RuleCase[] => [
  {
    name: "FP: the API's own path item file; an OpenAPI document beside it is judged",
    errors: [{ path: P('Amount', '$ref') }],
    document: withSchemas(
      { Amount: { $ref: `${SPLIT}/types.yaml#/components/schemas/Amount` } },
      { paths: { '/search': { $ref: `${SPLIT}/paths/search.yaml` } } },
    ),
  },
  {
    name: "FP: the API's own path item file only",
    errors: [],
    document: withSchemas({}, { paths: { '/search': { $ref: `${SPLIT}/paths/search.yaml` } } }),
  },
];
