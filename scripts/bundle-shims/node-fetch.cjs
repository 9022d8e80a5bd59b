// Stands in for node-fetch inside the bundle. Spectral's runtime and its default $ref readers load
// node-fetch (and with it whatwg-url's large Unicode table) at start-up; restguide reads every
// document and $ref through its own readers (src/lint/resolver.ts), so nothing calls it. If
// something did, Node's own fetch answers. Its classes are looked up only when asked for: reading
// globalThis.Headers loads Node's built-in fetch, a cost every start-up would pay.
'use strict';
class FetchError extends Error {
  constructor(message, type) {
    super(message);
    this.name = 'FetchError';
    this.type = type;
  }
}
const fetch = (...args) => globalThis.fetch(...args);
module.exports = fetch;
module.exports.default = fetch;
for (const name of ['Headers', 'Request', 'Response']) {
  Object.defineProperty(module.exports, name, { enumerable: true, get: () => globalThis[name] });
}
module.exports.FetchError = FetchError;
