import check from '../../../src/checks/http/caching.js';
import type { Profile } from '../../../src/core/profile/profile.js';
import { sendJson } from '../../helpers/fixture-server.js';
import { fixture, reference, testCheck } from '../../helpers/check-harness.js';

const document = /^\/employers\/[0-9]+$/;
/** A fixture API of one document, `/things/1`. */
const THINGS: Profile = { documents: [{ path: '/things/{id}', sampleIds: ['1'] }] };

testCheck(check, {
  valid: [
    { name: 'reference server (ETag, 304 on If-None-Match)', server: reference() },
    {
      name: 'Cache-Control without a validator',
      server: reference({
        mutate: (req, res) => {
          if (document.test(req.path)) {
            delete res.headers['etag'];
            res.headers['cache-control'] = 'max-age=60';
          }
        },
      }),
    },
    {
      name: 'a weak ETag echoed by a 304',
      server: fixture((req, res) => {
        if (req.headers['if-none-match'] === 'W/"7"') {
          res.writeHead(304, { etag: 'W/"7"' });
          res.end();
        } else sendJson(res, 200, { id: 1 }, { etag: 'W/"7"' });
      }),
      profile: THINGS,
    },
  ],
  invalid: [
    {
      name: 'neither ETag nor Cache-Control',
      server: reference({
        mutate: (req, res) => {
          if (document.test(req.path)) {
            delete res.headers['etag'];
            delete res.headers['cache-control'];
          }
        },
      }),
      findings: ['noValidator'],
    },
    {
      name: 'If-None-Match ignored: 200 again',
      server: fixture((_req, res) => sendJson(res, 200, { id: 1 }, { etag: '"7"' })),
      profile: THINGS,
      findings: ['not304'],
    },
    {
      name: '304 with another ETag',
      server: reference({
        mutate: (req, res) => {
          if (document.test(req.path) && res.status === 304) res.headers['etag'] = '"other"';
        },
      }),
      findings: ['etagChanged'],
    },
    {
      name: '304 without an ETag',
      server: reference({
        mutate: (req, res) => {
          if (document.test(req.path) && res.status === 304) delete res.headers['etag'];
        },
      }),
      findings: ['etagChanged'],
    },
  ],
});
