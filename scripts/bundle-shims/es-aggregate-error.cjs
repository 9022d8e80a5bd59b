// Stands in for es-aggregate-error inside the bundle: a polyfill of AggregateError, which every
// Node restguide supports has built in. The polyfill brings es-abstract and a hundred small modules.
'use strict';
module.exports = globalThis.AggregateError;
