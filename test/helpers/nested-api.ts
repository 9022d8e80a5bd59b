// A small API in Twilio's style, with its OpenAPI document: paths under a dated version with a `.json`
// extension (`/2010-04-01/Accounts.json`, `/2010-04-01/Accounts/{Sid}.json`), a collection nested under its
// parent's key (`/Accounts/{AccountSid}/Calls.json`), lists under a plural name with `uri` members and
// `first_page_uri`/`next_page_uri` paging, and snake_case items carrying `sid`.
import type { ServerResponse } from 'node:http';
import { sendJson, startFixture, type FixtureServer } from './fixture-server.js';

export interface NestedApiOptions {
  /** Whether /Accounts.json lists the accounts (else it lists none, as a mock serving an empty example does). */
  listsAccounts: boolean;
  /** The example the document gives of `{AccountSid}`; the API answers for it whether it lists it or not. */
  example?: string;
  /** The API answers 404 for the example account (an example naming nothing on this API). */
  exampleUnknown?: boolean;
}

const VERSION = '/2010-04-01';
export const ACCOUNTS = ['AC11111111111111111111111111111111', 'AC22222222222222222222222222222222'];
export const EXAMPLE_ACCOUNT = 'AC99999999999999999999999999999999';
const callsOf = (account: string) =>
  [1, 2, 3].map((n) => ({
    sid: `CA${account.slice(2, 10)}${String(n).padStart(24, '0')}`,
    account_sid: account,
    to: `+3247000000${n}`,
    uri: `${VERSION}/Accounts/${account}/Calls/CA${account.slice(2, 10)}${String(n).padStart(24, '0')}.json`,
  }));

const sid = (prefix: string) => ({ type: 'string', pattern: `^${prefix}[0-9a-fA-F]{32}$` });
const pageMembers = {
  first_page_uri: { type: 'string' },
  next_page_uri: { type: 'string', nullable: true },
  page: { type: 'integer' },
  page_size: { type: 'integer' },
  uri: { type: 'string' },
};
const paging = [
  { name: 'PageSize', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000 } },
  { name: 'Page', in: 'query', schema: { type: 'integer', minimum: 0 } },
];
const json = (schema: object) => ({ 200: { description: 'ok', content: { 'application/json': { schema } } } });

/** The API's OpenAPI document. */
export function nestedDocument(options: NestedApiOptions): Record<string, unknown> {
  const account = {
    type: 'object',
    properties: { sid: sid('AC'), friendly_name: { type: 'string' }, uri: { type: 'string' } },
  };
  const call = {
    type: 'object',
    properties: { sid: sid('CA'), account_sid: sid('AC'), to: { type: 'string' }, uri: { type: 'string' } },
  };
  const accountSid = {
    name: 'AccountSid',
    in: 'path',
    required: true,
    schema: sid('AC'),
    ...(options.example ? { example: options.example } : {}),
  };
  return {
    openapi: '3.0.3',
    info: { title: 'nested', version: '1' },
    servers: [{ url: 'https://api.example.org' }],
    paths: {
      [`${VERSION}/Accounts.json`]: {
        get: {
          parameters: [{ name: 'FriendlyName', in: 'query', schema: { type: 'string' } }, ...paging],
          responses: json({
            type: 'object',
            properties: { accounts: { type: 'array', items: account }, ...pageMembers },
          }),
        },
      },
      [`${VERSION}/Accounts/{Sid}.json`]: {
        get: {
          parameters: [{ name: 'Sid', in: 'path', required: true, schema: sid('AC') }],
          responses: json(account),
        },
      },
      [`${VERSION}/Accounts/{AccountSid}/Calls.json`]: {
        get: {
          parameters: [accountSid, { name: 'To', in: 'query', schema: { type: 'string' } }, ...paging],
          responses: json({ type: 'object', properties: { calls: { type: 'array', items: call }, ...pageMembers } }),
        },
      },
      [`${VERSION}/Accounts/{AccountSid}/Calls/{Sid}.json`]: {
        get: {
          parameters: [accountSid, { name: 'Sid', in: 'path', required: true, schema: sid('CA') }],
          responses: json(call),
        },
      },
    },
  };
}

const notFound = (res: ServerResponse) =>
  sendJson(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });

/** Serves the API on 127.0.0.1, port 0. */
export function startNestedApi(options: NestedApiOptions): Promise<FixtureServer> {
  const known = [...ACCOUNTS, ...(options.example && !options.exampleUnknown ? [options.example] : [])];
  const page = (path: string, under: string, items: object[]) => ({
    [under]: items,
    first_page_uri: `${path}?PageSize=50&Page=0`,
    next_page_uri: null,
    page: 0,
    page_size: 50,
    uri: `${path}?PageSize=50&Page=0`,
  });
  return startFixture((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    if (req.method !== 'GET') return sendJson(res, 405, { status: 405 });
    const path = url.pathname;
    if (path === `${VERSION}/Accounts.json`) {
      const listed = options.listsAccounts ? ACCOUNTS : [];
      const items = listed.map((sid) => ({
        sid,
        friendly_name: sid.slice(-4),
        uri: `${VERSION}/Accounts/${sid}.json`,
      }));
      return sendJson(res, 200, page(path, 'accounts', items));
    }
    const account = /^\/2010-04-01\/Accounts\/([^/]+)\.json$/.exec(path)?.[1];
    if (account !== undefined)
      return known.includes(account)
        ? sendJson(res, 200, { sid: account, friendly_name: account.slice(-4), uri: path })
        : notFound(res);
    const calls = /^\/2010-04-01\/Accounts\/([^/]+)\/Calls\.json$/.exec(path)?.[1];
    if (calls !== undefined)
      return known.includes(calls) ? sendJson(res, 200, page(path, 'calls', callsOf(calls))) : notFound(res);
    const one = /^\/2010-04-01\/Accounts\/([^/]+)\/Calls\/([^/]+)\.json$/.exec(path);
    const found = one && known.includes(one[1] ?? '') ? callsOf(one[1] ?? '').find((c) => c.sid === one[2]) : undefined;
    return found ? sendJson(res, 200, found) : notFound(res);
  });
}
