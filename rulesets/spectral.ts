// The package export `restguide/ruleset`: Spectral (spectral-cli, the editor extensions) loads a
// ruleset module's default export, so `.spectral.yaml` can say `extends: [restguide/ruleset]`.
// Spectral has no x-ignore-rules of its own: here each rule function honours it (restguide's own
// runs use belgif.ts as is and list what x-ignore-rules suppressed as ignored).
import { belgif, GUIDE_RULE_OF } from './belgif.js';
import { withIgnoreRules } from './support/ignore-rules.js';

export default withIgnoreRules(belgif, (code) => GUIDE_RULE_OF[code]);
