import type { IncomingMessage } from 'node:http';
import check from '../../../src/checks/http/header-names-case-insensitive.js';
import type { Profile } from '../../../src/core/profile/profile.js';
import { fixture, reference, testCheck } from '../../helpers/check-harness.js';
import { sendJson } from '../../helpers/fixture-server.js';

const PROFILE: Profile = {
  collections: [{ path: '/things' }],
  documents: [{ path: '/things/{id}', sampleIds: ['1'], absentId: '999' }],
};

/** The value of a header only when its name is written exactly so (what a broken, case-sensitive parser sees). */
function exactHeader(req: IncomingMessage, name: string): string | undefined {
  const index = req.rawHeaders.findIndex((raw, i) => i % 2 === 0 && raw === name);
  return index >= 0 ? req.rawHeaders[index + 1] : undefined;
}

/** Honours Accept and Accept-Language only when spelled in their canonical case. */
function caseSensitiveServer(req: IncomingMessage, res: Parameters<typeof sendJson>[0]): void {
  const language = exactHeader(req, 'Accept-Language') === 'fr' ? 'fr' : 'en';
  if (exactHeader(req, 'Accept') === 'application/xml') {
    sendJson(
      res,
      406,
      { type: 'about:blank', status: 406 },
      { 'content-type': 'application/problem+json', 'content-language': language },
    );
  } else if (req.url?.startsWith('/things/999')) {
    sendJson(
      res,
      404,
      { type: 'about:blank', status: 404 },
      { 'content-type': 'application/problem+json', 'content-language': language },
    );
  } else {
    sendJson(res, 200, { self: 'x', items: [] });
  }
}

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'a server that honours only the canonical spelling of header names',
      server: fixture((req, res) => caseSensitiveServer(req, res)),
      profile: PROFILE,
      findings: ['caseMatters'],
    },
  ],
});
