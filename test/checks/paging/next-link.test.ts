import check from '../../../src/checks/paging/next-link.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { onPage } from './on-page.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'page 2 of the employers lacks next',
      server: reference({
        mutate: onPage(
          '/employers',
          (body) => {
            delete body['next'];
          },
          (q) => q.get('page') === '2',
        ),
      }),
      findings: ['missingNext'],
    },
    {
      name: 'the last page of the companies links to itself as next',
      server: reference({
        mutate: onPage('/companies', (body) => {
          if (body['next'] === undefined) body['next'] = body['self'];
        }),
      }),
      findings: ['nextOnLast'],
    },
    {
      // Hono's example apps: `nextCursor` in the body, no `total`, the client builds the next URL itself.
      name: 'the companies give a nextCursor value instead of a next link',
      server: reference({
        mutate: onPage('/companies', (body) => {
          delete body['total'];
          if (typeof body['next'] !== 'string') return;
          body['nextCursor'] = new URL(body['next']).searchParams.get('afterCompany');
          delete body['next'];
        }),
      }),
      findings: ['cursorWithoutNext'],
    },
  ],
});
