import check from '../../../src/checks/paging/guide-params.js';
import { deriveProfile } from '../../../src/core/profile/openapi-profile.js';
import { fixture, reference, testCheck } from '../../helpers/check-harness.js';
import { sendJson } from '../../helpers/fixture-server.js';
import { frameworkApi, frameworkDocument } from '../../helpers/framework-api.js';

const offsetLimit = { listUnder: 'results', paging: 'offset-limit' } as const;
const skipTake = { listUnder: 'items', paging: 'skip-take' } as const;

// GitHub's style: the next page in a Link header, none in the body.
const linkHeaderApi = fixture((req, res, server) => {
  const url = new URL(req.url ?? '/', server.origin);
  if (url.pathname !== '/things') return sendJson(res, 404, { detail: 'Not found' });
  const page = Number(url.searchParams.get('page') ?? '1');
  const items = [{ href: `${server.origin}/things/${page}`, name: `thing ${page}` }];
  sendJson(res, 200, { items }, page < 3 ? { link: `<${server.origin}/things?page=${page + 1}>; rel="next"` } : {});
});

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'offset/limit paging',
      server: fixture(frameworkApi(offsetLimit)),
      profile: deriveProfile(frameworkDocument(offsetLimit)),
      findings: ['foreign'],
    },
    {
      name: 'Skip/Take paging',
      server: fixture(frameworkApi(skipTake)),
      profile: deriveProfile(frameworkDocument(skipTake)),
      findings: ['foreign'],
    },
    // Undeclared paging is read from the first page: `page` and a Link header.
    {
      name: 'a Link header, paging undeclared',
      server: linkHeaderApi,
      profile: { collections: [{ path: '/things' }] },
      findings: ['foreign'],
    },
    {
      name: 'a Link header where offset paging is declared',
      server: linkHeaderApi,
      profile: { collections: [{ path: '/things', paging: { kind: 'offset' } }] },
      findings: ['linkHeader'],
    },
    {
      name: 'offset/limit shown only by the next link (paging undeclared)',
      server: fixture(frameworkApi(offsetLimit)),
      profile: { collections: [{ path: '/PublicationTypes', key: 'id' }] },
      findings: ['foreign'],
    },
  ],
});
