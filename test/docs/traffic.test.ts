// docs/traffic.md held to the checks' meta: the checks it says judge a recording are those whose `evidence` is
// `traffic` or `reads`, so a check given an evidence, or losing one, changes the page too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/checks/index.js';
import { evidenceOf, judgesRecordings } from '../../src/core/engine/define-check.js';
import { ROOT } from '../helpers/ci-runner.js';

const page = readFileSync(join(ROOT, 'docs/traffic.md'), 'utf8');

describe('docs/traffic.md: what is judged in a recording', () => {
  it('counts the checks whose evidence lets them judge a recording', () => {
    const said = [...page.matchAll(/\b(\d+) checks (?:that )?judge (?:a recording|recordings)\b/g)].map((m) =>
      Number(m[1]),
    );
    expect(said.length).toBeGreaterThan(0);
    const judging = CHECKS.filter(judgesRecordings);
    expect(new Set(said)).toEqual(new Set([judging.length]));
  });

  it('names every check that judges the traffic among the traffic checks', () => {
    const start = page.indexOf('- **The traffic checks**');
    const bullet = page.slice(start, page.indexOf('\n- ', start + 1));
    expect(start).toBeGreaterThan(0);
    const traffic = CHECKS.filter((check) => evidenceOf(check) === 'traffic').map((check) => check.meta.id);
    const areas = new Set([...bullet.matchAll(/`([a-z0-9]+)\.\*`/g)].map((m) => m[1]));
    const unnamed = traffic.filter((id) => !bullet.includes(`\`${id}\``) && !areas.has(id.split('.')[0]));
    expect(unnamed).toEqual([]);
  });
});
