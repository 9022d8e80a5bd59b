// The package export `restguide/ruleset`: Spectral (spectral-cli, the editor extensions) loads a
// ruleset module's default export, so `.spectral.yaml` can say `extends: [restguide/ruleset]`.
import { belgif } from './belgif.js';

export default belgif;
