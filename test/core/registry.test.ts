// Every check file is registered, named after its id, documented and tested (ESLint's checkRuleFiles).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/checks/index.js';
import { dependenciesOf, judgesTraffic } from '../../src/core/engine/define-check.js';
import { RootOutcomes } from '../../src/core/engine/dependencies.js';
import { CHECK_AREAS } from '../../src/core/report/types.js';

const root = join(import.meta.dirname, '../../src/checks');
const files = readdirSync(root)
  .filter((entry) => entry !== 'support' && statSync(join(root, entry)).isDirectory()) // helpers of several areas
  .flatMap((area) =>
    readdirSync(join(root, area))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => ({ area, name: f.slice(0, -3) })),
  );

describe('check registry', () => {
  it('is sorted by id, without duplicates', () => {
    const ids = CHECKS.map((c) => c.meta.id);
    expect(ids).toEqual([...new Set(ids)].sort());
  });

  it('registers every file under src/checks/<area>/ and nothing else', () => {
    expect(CHECKS.map((c) => c.meta.id)).toEqual(files.map((f) => `${f.area}.${f.name}`).sort());
  });

  for (const { area, name } of files) {
    it(`${area}/${name}: known area, id = <area>.<file name>, documented, tested`, async () => {
      expect(CHECK_AREAS).toContain(area);
      const check = ((await import(join(root, area, `${name}.ts`))) as { default: (typeof CHECKS)[number] }).default;
      expect(check.meta.id).toBe(`${area}.${name}`);
      expect(CHECKS).toContain(check);
      expect(check.meta.rule).toMatch(/^[a-z]+(-[a-z0-9]+)*$/);
      expect(check.meta.title.length).toBeGreaterThan(10);
      expect(Object.keys(check.meta.messages).length).toBeGreaterThan(0);
      expect(existsSync(join(import.meta.dirname, '../checks', area, `${name}.test.ts`))).toBe(true);
    });
  }

  it('roots (dependsOn) are registered checks the runner honours, with known message ids, and no cycle', () => {
    const byId = new Map(CHECKS.map((c) => [c.meta.id, c]));
    for (const check of CHECKS) {
      for (const dependency of dependenciesOf(check)) {
        const root = byId.get(dependency.check);
        expect(root, `${check.meta.id} depends on ${dependency.check}`).toBeDefined();
        // A check holding a worker cannot wait for a root that waits for every worker: such a root only drops findings.
        expect(
          judgesTraffic(check) || root === undefined || !judgesTraffic(root) || dependency.findings !== undefined,
          `${check.meta.id} -> ${dependency.check}`,
        ).toBe(true);
        if (Array.isArray(dependency.when))
          for (const id of dependency.when) expect(Object.keys(root?.meta.messages ?? {})).toContain(id);
        if (Array.isArray(dependency.findings))
          for (const id of dependency.findings) expect(Object.keys(check.meta.messages)).toContain(id);
      }
    }
    expect(() =>
      new RootOutcomes(CHECKS, []).order(CHECKS.map((check) => ({ check, resource: { path: '/' } }))),
    ).not.toThrow();
  });
});
