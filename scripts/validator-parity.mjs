// Parity with belgif's Java validator (rest-guide-validator) on its own per-rule JUnit fixtures:
// each `callRules("file")` of rules/src/test/java/.../rules/oas/*Test.java expects a number of
// violations of one rule file; this lints the same file with bin/restguide.js and counts the findings
// of the codes that rule file's ids map to. Not part of npm test (the fixtures are not ours).
// Usage: node scripts/validator-parity.mjs <rest-guide-validator checkout> [--verbose]
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const [checkout, flag] = process.argv.slice(2);
if (!checkout) {
  console.error('usage: node scripts/validator-parity.mjs <rest-guide-validator checkout> [--verbose]');
  process.exit(2);
}
const bin = new URL('../bin/restguide.js', import.meta.url).pathname;
const pkg = 'io/github/belgif/rest/guide/validator/rules/oas';
const tests = join(checkout, 'rules/src/test/java', pkg);
const resources = join(checkout, 'rules/src/test/resources', pkg);
const drls = join(checkout, 'rules/src/main/resources', pkg);

// A rule file whose findings restguide splits over codes that are not `<id>` or `<id>-*`, or that
// shares an id with another rule file: the codes counted for it. col-repres-href (each item's href)
// is restguide's own stricter code beside the validator's col-repres, so it is not counted.
const CODES = {
  PathCamelCase: ['path-param', 'uri-notat'],
  PathTrailingSlash: ['uri-notat-slash'],
  AllOfSchema: ['sch-allof'],
  SchemasShouldNotHaveConflictingTypes: ['sch-allof-types'],
  DefaultProblemResponse: ['prb-defaul'],
  ShouldUseProblemResponseSchema: ['prb-defaul-schema'],
  RepresentationOfCollection: ['col-repres'],
  RequestBodyRequired: ['opbody-req'],
  ...Object.fromEntries(
    ['Get', 'Head', 'Put', 'Post', 'Patch', 'Delete', 'Options'].map((m) => [
      `${m}StatusCode`,
      [`stat-codes-${m.toLowerCase()}`],
    ]),
  ),
};

function codesFor(rule) {
  if (CODES[rule]) return (code) => CODES[rule].includes(code);
  const drl = readFileSync(join(drls, `Rule-${rule}.drl`), 'utf8');
  const ids = [...new Set([...drl.matchAll(/"\[([a-z]+-[a-z]+)\]"/g)].map((m) => m[1]))];
  return (code) => ids.some((id) => code === id || code.startsWith(`${id}-`));
}

/** Each callRules of a test class with what the Java test expects: a count, 'some' or 'throws'. */
function expectations(source) {
  const cases = [];
  for (const method of source.split('@Test').slice(1)) {
    for (const m of method.matchAll(/callRules\("([^"]+)"\)/g)) {
      const before = method.slice(0, m.index);
      const variable = /(\w+)\s*=\s*$/.exec(before)?.[1];
      let expected;
      if (/assertNoViolations\($/.test(before)) expected = 0;
      else if (/assertViolations\($/.test(before)) expected = 'some';
      else if (/assertThrows\([^;]*$/.test(before)) expected = 'throws';
      else if (/assertErrorCount\((\d+),\s*$/.test(before))
        expected = Number(/assertErrorCount\((\d+),\s*$/.exec(before)[1]);
      else if (variable) {
        const count = new RegExp(`assertErrorCount\\((\\d+),\\s*${variable}\\)`).exec(method);
        // No total asserted: the test counts each kind of message (assertEquals(n, fooViolations)).
        expected = count
          ? Number(count[1])
          : [...method.matchAll(/assertEquals\((\d+),\s*\w+Violations\)/g)].reduce((s, c) => s + Number(c[1]), 0);
      }
      cases.push({ file: m[1], expected });
    }
  }
  return cases;
}

const all = [];
for (const name of readdirSync(tests)
  .filter((f) => f.endsWith('Test.java'))
  .sort()) {
  const rule = name.slice(0, -'Test.java'.length);
  const dir = join(resources, rule[0].toLowerCase() + rule.slice(1));
  for (const c of expectations(readFileSync(join(tests, name), 'utf8')))
    all.push({ rule, path: join(dir, c.file), ...c });
}

async function lint(c) {
  let stdout, stderr;
  try {
    ({ stdout, stderr } = await run(process.execPath, [bin, 'lint', c.path, '-f', 'json', '--verbose'], {
      maxBuffer: 64 * 1024 * 1024,
    }));
  } catch (e) {
    if (e.code !== 1)
      return {
        error: String(e.stderr || e.message)
          .trim()
          .split('\n')[0],
      };
    ({ stdout, stderr } = e);
  }
  const counts = codesFor(c.rule);
  const findings = JSON.parse(stdout).filter((f) => counts(f.code));
  // The lint engine's accelerated mode must read the validator's documents without falling back (--verbose says).
  const fallback = /lint engine: accelerated, 0 fallbacks/.test(stderr)
    ? undefined
    : stderr.slice(stderr.indexOf('lint engine')).trim();
  return { count: findings.length, codes: findings.map((f) => f.code), fallback };
}

// Two at a time: the machine the figures were taken on has two cores.
const results = new Array(all.length);
let next = 0;
await Promise.all(
  [0, 1].map(async () => {
    while (next < all.length) {
      const i = next++;
      results[i] = await lint(all[i]);
    }
  }),
);

// Where the Java test expects an exception (a discriminator mapping to a missing schema), restguide
// agreeing means reading the document without a crash; it is counted apart so the figure says so.
let agree = 0;
let thrown = 0;
for (const [i, c] of all.entries()) {
  const r = results[i];
  const ok =
    r.error === undefined && (c.expected === 'some' ? r.count > 0 : c.expected === 'throws' || r.count === c.expected);
  if (ok) agree++;
  if (ok && c.expected === 'throws') thrown++;
  if (!ok || flag === '--verbose') {
    const got = r.error ? `error: ${r.error}` : `${r.count} (${[...new Set(r.codes)].join(', ') || 'none'})`;
    console.log(`${ok ? 'agree' : 'DIFFER'}  ${c.rule} ${c.file}: Java expects ${c.expected}, restguide ${got}`);
  }
}
console.log(
  `${agree} of ${all.length} fixtures agree with the Java test's expectation (${thrown} of them: Java throws, restguide lints without a crash)`,
);
const fellBack = all.filter((_, i) => results[i].fallback !== undefined);
for (const c of fellBack) console.log(`FALLBACK ${c.rule} ${c.file}: ${results[all.indexOf(c)].fallback}`);
console.log(`the lint engine fell back on ${fellBack.length} of them`);
if (fellBack.length > 0) process.exitCode = 1;
