// Where the guide's rules are read, for the ruleset: defined below both src/ and rulesets/, in
// src/core/report/guide-anchor.ts (a leaf), so that src/core never imports the ruleset.
export { GUIDE_URL, guideAnchor } from '../../src/core/report/guide-anchor.js';
