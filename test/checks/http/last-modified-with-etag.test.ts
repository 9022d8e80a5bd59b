import check from '../../../src/checks/http/last-modified-with-etag.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

const LAST_MODIFIED = 'Tue, 04 Jun 2024 10:00:00 GMT';
const document = /^\/employers\/[0-9]+$/;

testCheck(check, {
  valid: [
    { name: 'reference server (no Last-Modified at all)', server: reference() },
    {
      name: 'Last-Modified next to the ETag',
      server: reference({
        mutate: (req, res) => {
          if (document.test(req.path)) res.headers['last-modified'] = LAST_MODIFIED;
        },
      }),
    },
  ],
  invalid: [
    {
      name: 'a document with Last-Modified and no ETag',
      server: reference({
        mutate: (req, res) => {
          if (document.test(req.path)) {
            res.headers['last-modified'] = LAST_MODIFIED;
            delete res.headers['etag'];
          }
        },
      }),
      findings: ['lastModifiedOnly'],
    },
  ],
});
