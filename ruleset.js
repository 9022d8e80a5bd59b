// The package export `restguide/ruleset`: the guide's Spectral ruleset (a ruleset object, the
// default export) for `extends: [restguide/ruleset]` in a .spectral.yaml or .spectral.js, and
// for `import ruleset from 'restguide/ruleset'`.
//
// The ruleset itself is dist/bundle/ruleset.js, built with the CLI so that the two share one
// bundled copy of Spectral. This file only points at it by the package's own name: spectral-cli
// resolves `extends` to this file and bundles it with rollup, which would turn the bundle's
// import.meta.url into a __filename its evaluation lacks; a bare specifier stays an external
// import, which Node then loads as it is.
export { default } from 'restguide/ruleset/bundle';
