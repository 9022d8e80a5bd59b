// The `then` of the rules that hold one named query parameter to a type (col-filter's q, col-sort's
// sort, res-repres's select): parameterShape with the message they share.
import type { Then } from '../../define.js';
import { parameterShape } from '../../../functions/paths.js';

export const queryParameterOfType = (name: string, type: 'string' | 'array'): Then => ({
  function: parameterShape,
  functionOptions: { in: 'query', name, type, message: 'Query parameter "{{name}}"' },
});
