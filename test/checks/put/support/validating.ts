// A reference server that validates write bodies the way Prism does with the reference document: read-only members answer 400.
import { isObject } from '../../../../src/core/util/json.js';
import { reference } from '../../../helpers/check-harness.js';
import { withDocument } from '../../create/support/write-profile.js';

export const refusesReadOnly = () =>
  reference({
    mutate: (req, res) => {
      if (req.method !== 'PUT' && req.method !== 'PATCH') return;
      let body: unknown;
      try {
        body = JSON.parse(req.body);
      } catch {
        return;
      }
      const company = isObject(body) ? body['company'] : undefined;
      if (isObject(body) && ('self' in body || (isObject(company) && 'href' in company))) {
        res.status = 400;
        res.headers['content-type'] = 'application/problem+json';
        res.json = {
          type: 'urn:problem-type:belgif:badRequest',
          title: 'Bad Request',
          status: 400,
          detail: 'read-only member in the body',
        };
      }
    },
  });

/** The built-in profile without declared read-only members: write bodies then drop links. */
export const NO_READ_ONLY = withDocument(({ readOnly: _readOnly, ...document }) => document);
