// A reference server that answers PATCH with success but ignores bodies of some media types (as json-server does with merge-patch+json).
import { reference } from '../../../helpers/check-harness.js';

export const ignoresPatchBodies = (contentTypes: string[] = ['application/merge-patch+json', 'application/json']) =>
  reference({
    rewrite: (req) =>
      req.method === 'PATCH' && contentTypes.includes(String(req.headers['content-type'])) ? { body: '{}' } : undefined,
  });
