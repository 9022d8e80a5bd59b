// The shared JSON guards (src/openapi/json.ts), under the name the rule functions import them by.
export {
  asArray,
  bareMediaType,
  entries,
  isJsonMediaType,
  isObject,
  type Json,
  type JsonPath,
} from '../../src/openapi/json.js';
