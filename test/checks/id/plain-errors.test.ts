// An API whose every error is plain JSON (Falcon, Flask): problem.media-type reports that once; the id checks
// still judge the status they are about, with a note pointing there, instead of skipping.
import { describe, expect, it } from 'vitest';
import absent404 from '../../../src/checks/id/absent-404.js';
import malformed400 from '../../../src/checks/id/malformed-400.js';
import { reference, runOne } from '../../helpers/check-harness.js';

/** Every error answer as plain JSON; `absentAs` the status an absent employer gets. */
const plainErrors = (absentAs = 404) =>
  reference({
    mutate: (req, res) => {
      if (req.path === '/employers/5999999999') res.status = absentAs;
      if (res.status < 400) return;
      res.headers['content-type'] = 'application/json';
      res.json = { title: `${res.status}` };
    },
  });

const employer = (report: Awaited<ReturnType<typeof runOne>>) =>
  report.results.filter((r) => r.resource === '/employers/{employerId}');

describe('id checks on an API whose errors are all plain JSON', () => {
  it('id.absent-404 judges the 404 and notes the format is problem.media-type’s', async () => {
    const [result] = employer(await runOne(absent404, plainErrors()));
    expect(result?.status).toBe('pass');
    expect(result?.message).toMatch(/its 404 is not a problem, as the API's other errors: see problem.media-type/);
  });

  it('id.absent-404 still fails an absent id answered 200', async () => {
    const [result] = employer(await runOne(absent404, plainErrors(200)));
    expect([result?.status, result?.messageId]).toEqual(['fail', 'not404']);
  });

  it('id.malformed-400 judges the 400s and notes the format once', async () => {
    const [result] = employer(await runOne(malformed400, plainErrors()));
    expect(result?.status).toBe('pass');
    expect(result?.message.match(/see problem\.media-type/g)).toHaveLength(1);
  });
});
