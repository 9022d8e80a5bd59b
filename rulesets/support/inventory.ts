// The rules' view of a resolved document, read from three modules: the walk (operations and every
// schema once), what a schema says through its allOf members, and the lists asked per document or operation.
export { inventory, operationsOf, schemaClosure, type OperationVisit, type SchemaVisit } from './schema-walk.js';
export { declaredProperties, effectiveType, requiredNames } from './schema-reading.js';
export { allMediaTypes, allParameters, allResponseHeaders, parametersOf, responsesOf } from './document-parts.js';
