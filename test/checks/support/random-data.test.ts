// A mock serving random data (Prism -d) answers identical requests differently: a check comparing two answers
// repeats one request unchanged before it blames what set them apart, and skips when the repeat differs.
import { describe, expect, it } from 'vitest';
import emptyResult from '../../../src/checks/collection/empty-result.js';
import caching from '../../../src/checks/http/caching.js';
import contentLanguage from '../../../src/checks/i18n/content-language.js';
import leadingZeros from '../../../src/checks/id/leading-zeros.js';
import overwrite from '../../../src/checks/patch/overwrite.js';
import { isObject } from '../../../src/core/util/json.js';
import { BUILT_IN_PROFILE } from '../../../src/core/profile/profile.js';
import { reference, runOne } from '../../helpers/check-harness.js';
import { random } from '../../helpers/random.js';

const VARY = "the API's answers vary between identical requests";

function randomData(seed: number) {
  const next = random(seed);
  return reference({
    mutate: (_req, res) => {
      if (!isObject(res.json)) return;
      if (res.status >= 400) res.json['detail'] = `random ${next()}`;
      else if ('name' in res.json) res.json['name'] = `random ${next()}`;
    },
  });
}

describe('random data per request', () => {
  it('i18n.content-language skips instead of reading random text as localized content', async () => {
    const { languages: _languages, ...undeclared } = BUILT_IN_PROFILE;
    const report = await runOne(contentLanguage, randomData(7), undeclared);
    expect(report.results.map((r) => [r.status, r.message])).toEqual([
      [
        'skip',
        expect.stringMatching(
          /is localized: in \w\w it answered differently when asked again \(.*or the API's answers vary\)$/,
        ),
      ],
    ]);
  });

  it('id.leading-zeros skips instead of calling a padded id another resource', async () => {
    const report = await runOne(leadingZeros, randomData(11));
    const employers = report.results.filter((r) => r.resource === '/employers/{employerId}');
    expect(employers.map((r) => [r.status, r.message])).toEqual([['skip', expect.stringContaining(VARY)]]);
  });

  // A filter that matches nothing answered with items: that one answer decides, whatever other answers are.
  it('collection.empty-result fails a filter matching nothing that answers items, random or not', async () => {
    const next = random(5);
    const randomItems = reference({
      mutate: (req, res) => {
        if (!req.path.startsWith('/employers?') || !isObject(res.json)) return;
        res.json['items'] = [{ href: `http://127.0.0.1/x/${next()}`, employerId: next() }];
      },
    });
    const report = await runOne(emptyResult, randomItems);
    const employers = report.results.filter((r) => r.resource === '/employers');
    expect(employers.map((r) => [r.status, r.messageId])).toEqual([['fail', 'notEmptyArray']]);
  });

  it('http.caching demands no caching headers the profile does not declare', async () => {
    const bare = reference({
      mutate: (_req, res) => {
        delete res.headers['etag'];
        delete res.headers['cache-control'];
      },
    });
    const undeclared = {
      ...BUILT_IN_PROFILE,
      documents: (BUILT_IN_PROFILE.documents ?? []).map((d) => ({ ...d, etag: false })),
    };
    const report = await runOne(caching, bare, undeclared);
    expect(report.results.map((r) => [r.status, r.message])).toEqual([
      ['skip', expect.stringContaining('caching is optional')],
    ]);
  });

  it('patch.overwrite skips when two reads of the document with no write between them differ', async () => {
    const report = await runOne(overwrite, randomData(13));
    expect(report.results.map((r) => [r.status, r.message])).toEqual([['skip', expect.stringContaining(VARY)]]);
  });

  it('a server that localizes for real still has its missing Content-Language reported', async () => {
    const { languages: _languages, ...undeclared } = BUILT_IN_PROFILE;
    const report = await runOne(
      contentLanguage,
      reference({
        mutate: (_req, res) => {
          delete res.headers['content-language'];
        },
      }),
      undeclared,
    );
    expect(report.results.map((r) => r.messageId)).toContain('missing');
  });
});
