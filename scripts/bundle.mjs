// Bundles the compiled CLI (dist/src/cli/main.js) into dist/bundle/, which bin/restguide.js runs.
//
// Why: a small lint spent half its time in Node's module loader: 530 CommonJS files of Spectral and
// its dependencies, each found by stat calls and package.json reads, then compiled on its own. In
// one bundle split into chunks, a command loads a few files and nothing is searched for. The split
// keeps the lazy loading of the sources: `--version` loads neither Spectral nor the checks, `lint`
// not the reference server (`import()` becomes a chunk of its own).
//
// Three things differ from the unbundled build, each for a reason:
// - src/lint/spectral-internals.js reaches three files inside Spectral's packages through
//   node_modules at run time; here it `require`s them by path so the bundled copies are the ones
//   it changes (see that file).
// - rulesets/support/ajv-modules.js loads ajv, its 2020 draft and ajv-formats with createRequire on
//   first use; here the same function `require`s the bundled copies, which then also start on
//   first use (with Spectral's own Ajv modules below: 5-10 ms of a small lint that never needs them).
// - node-fetch and es-aggregate-error are replaced by the stand-ins in scripts/bundle-shims/ (each
//   says why): nothing restguide runs calls them, and they cost a tenth of the start-up.
// - fdir (tinyglobby's directory walker) looks for an optional picomatch at load time for its
//   glob() method, which tinyglobby never calls; from the bundle's folder that lookup would find
//   whichever picomatch sits at the top of node_modules, if any. The lookup is left out.
// - Spectral's createRulesetFunction module (spectral-core/dist/ruleset/function.js) builds its Ajv
//   instance when it loads, and adding ajv-errors' keyword to it compiles the draft-07 meta-schema:
//   50 ms of every lint's start-up, though a lint with the built-in ruleset compiles nothing with it
//   (its functions check their options only when a ruleset is validated). The instance is built on
//   the first compile instead, and ajv, ajv-formats and ajv-errors are required then. Unchanged, and
//   the build says so, if the text is not the expected one.
// - Five more of spectral-core's modules are changed the same way, by exact replacements that must
//   each match once (or the module stays as it is and the build warns; see EXACT_PATCHES):
//   runner/lintNode.js builds, for each result, the variables a message template may name (the
//   path printed as an escaped pointer, the property, the value): they are now getters of a class
//   (an object literal with getters costs 3 µs to build), computed only for a template that names
//   them (the built-in rules' `{{error}}` names none; printing the paths was 50 ms of Twilio's 5,000
//   results). Its prototype has no `constructor`, so a template sees what it saw on a plain object. utils/replacer.js built an expression parser for
//   every message: it is built for the first `#{{expression}}` only.
//   runner/utils/results.js deduplicates the results and sorts them: it only deduplicates here.
//   restguide sorts each document's findings itself, with Spectral's order applied after its own
//   (src/lint/lint-documents.ts), so sorting here gave nothing but its cost: the sort compared every
//   pair's sources and codes with localeCompare, whose first call starts ICU's collator (10 ms), and
//   compared codes with a numeric collator (8 ms more on Twilio's 5,081 results). ruleset/validation/assertions.js loads
//   Ajv's 2020 draft, ajv-formats and ajv-errors for validating rulesets (10 ms), which a lint with
//   the built-in ruleset never does: they load on the first validation instead.
//   documentInventory.js finds, for each result, the path it has in the unresolved document by
//   walking the resolved data, then the unresolved data up to a $ref, then the unresolved data
//   again for the closest path: the last two are one walk here (same throws, same $ref, same path;
//   a third of the 38 ms those walks took on Twilio's results).
// - `lodash` as a whole (250 kB in the bundle, 15 ms to load) is replaced by an object of the 14
//   methods Spectral and its dependencies use, each from its own lodash module, loaded on first
//   use (cloneDeep alone pulls in 40 of lodash's modules). The build reads every module that
//   imports `lodash` and fails if one uses a method not in the list, or uses the package in a way
//   it cannot read.
// - Characters outside ASCII, which esbuild leaves in regular expression literals (three, from
//   urijs and @stoplight/json), are written as \u escapes: one such character makes Node decode
//   its whole chunk (1.3 MB) to a two-byte string and V8 scan it as one, 20 ms of start-up.
// - Packages a lint seldom runs (ajv and its plugins, immer, expr-eval-fork, minimatch) are not in
//   the chunks: each group is a CommonJS file of its own, dist/bundle/lazy-<group>.cjs, read the first
//   time one of its modules is used. Where a bundled module requires one, it gets a stand-in with the
//   module's exports as getters (read off the real module at build time) that load the group's file
//   on first access. A chunk is read and compiled whole even when none of its code runs: the ajv
//   chunks were 220 kB of the 1.35 MB a lint loads, 10-17 ms of every lint, and a lint whose examples
//   pass the quick checks, with the built-in ruleset and local $refs, runs none of these packages.
// - `require` is defined in every chunk for the CommonJS code that loads Node's built-in modules.
//
// dist/bundle/chunks.json lists the packages in each chunk, for the start-up tests.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild-wasm';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist/bundle');
const { internalFiles } = await import(join(root, 'dist/src/lint/spectral-internals.js'));

/** The bundled form of spectral-internals.js: the same functions over the same files, required statically. */
const spectralInternals = {
  name: 'spectral-internals',
  setup(build) {
    build.onLoad({ filter: /[\\/]dist[\\/]src[\\/]lint[\\/]spectral-internals\.js$/ }, () => {
      const files = internalFiles();
      const loaders = Object.entries(files).map(([name, file]) => `  ${name}: () => require(${JSON.stringify(file)}),`);
      return {
        loader: 'js',
        contents: [
          'const loaders = {', ...loaders, '};',
          `export function internalFiles() { return ${JSON.stringify(files)}; }`,
          'export function spectralInternal(name) {',
          '  try { const m = loaders[name](); return typeof m === "object" && m !== null ? m : undefined; } catch { return undefined; }',
          '}',
        ].join('\n'),
      };
    });
  },
};

/** The bundled form of rulesets/support/ajv-modules.js: the same function over the bundled ajv, required on first use. */
const ajvModules = {
  name: 'ajv-modules',
  setup(build) {
    build.onLoad({ filter: /[\\/]dist[\\/]rulesets[\\/]support[\\/]ajv-modules\.js$/ }, () => ({
      loader: 'js',
      resolveDir: root,
      contents: [
        'let modules, formats;',
        'export function ajvFormats() {',
        '  formats ??= require("ajv-formats/dist/formats").fullFormats;',
        '  return formats;',
        '}',
        'export function ajvModules() {',
        '  if (modules) return modules;',
        '  const formats = require("ajv-formats");',
        '  modules = { Ajv: require("ajv").Ajv, Ajv2020: require("ajv/dist/2020").Ajv2020, addFormats: formats.default ?? formats };',
        '  return modules;',
        '}',
      ].join('\n'),
    }));
  },
};

/** fdir without its optional picomatch lookup (see above); unchanged if its text is not the expected one. */
const fdirWithoutOptionalPicomatch = {
  name: 'fdir-without-optional-picomatch',
  setup(build) {
    build.onLoad({ filter: /[\\/]fdir[\\/]dist[\\/]index\.mjs$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      const lookup = /try \{\s*__require\.resolve\("picomatch"\);\s*pm = __require\("picomatch"\);\s*\} catch \{\}/;
      return { loader: 'js', contents: lookup.test(text) ? text.replace(lookup, '') : text };
    });
  },
};

/** Spectral's createRulesetFunction module with its Ajv instance built on first use (see above). */
const lazySpectralFunctionAjv = {
  name: 'lazy-spectral-function-ajv',
  setup(build) {
    build.onLoad({ filter: /[\\/]@stoplight[\\/]spectral-core[\\/]dist[\\/]ruleset[\\/]function\.js$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      const eager = /^const ajv = (new ajv_1\.default\(\{[^\n]*\}\));\n\(0, ajv_errors_1\.default\)\(ajv\);\n\(0, ajv_formats_1\.default\)\(ajv\);$/m;
      const match = eager.exec(text);
      // Every other use of the instance must be a compile, the one method the stand-in has.
      const uses = text.replace(eager, '').match(/\bajv\.\w+/g) ?? [];
      if (!match || uses.some((use) => use !== 'ajv.compile')) {
        return { loader: 'js', contents: text, warnings: [{ text: 'spectral-core ruleset/function.js changed: its Ajv instance stays eager' }] };
      }
      const lazy = [
        'let ajvInstance;',
        'const ajv = { compile(schema) {',
        `  if (ajvInstance === undefined) { ajvInstance = ${match[1]}; (0, ajv_errors_1.default)(ajvInstance); (0, ajv_formats_1.default)(ajvInstance); }`,
        '  return ajvInstance.compile(schema);',
        '} };',
      ].join('\n');
      // The modules themselves load on that first compile too (their start-up is 8 ms of a lint's).
      let contents = text.replace(eager, lazy);
      for (const [name, module] of [['ajv_1', 'ajv'], ['ajv_formats_1', 'ajv-formats'], ['ajv_errors_1', 'ajv-errors']]) {
        const load = `const ${name} = tslib_1.__importDefault(require("${module}"));`;
        if (contents.split(load).length === 2) contents = contents.replace(load, `const ${name} = { get default() { return tslib_1.__importDefault(require("${module}")).default; } };`);
      }
      return { loader: 'js', contents };
    });
  },
};

/**
 * Exact replacements in Spectral's modules (see above), by the file's path under node_modules.
 * Each `from` must occur exactly once; otherwise the module is left unchanged and the build warns.
 */
const EXACT_PATCHES = {
  '@stoplight/spectral-core/dist/runner/utils/results.js': [
    ['return (0, exports.sortResults)(deduplicateResults(results));', 'return deduplicateResults(results);'],
  ],
  '@stoplight/spectral-core/dist/runner/lintNode.js': [
    ['        const value = path.length === 0 ? document.data : (0, lodash_1.get)(document.data, path);\n', ''],
    [`        const vars = {
            property: (associatedItem === null || associatedItem === void 0 ? void 0 : associatedItem.missingPropertyPath) !== void 0 && associatedItem.missingPropertyPath.length > path.length
                ? (0, spectral_runtime_1.printPath)(associatedItem.missingPropertyPath.slice(path.length - 1), spectral_runtime_1.PrintStyle.Dot)
                : path.length > 0
                    ? path[path.length - 1]
                    : '',
            error: result.message,
            path: (0, spectral_runtime_1.printPath)(path, spectral_runtime_1.PrintStyle.EscapedPointer),
            description: rule.description,
            value,
        };`, '        const vars = new TemplateVariables(associatedItem, path, document, result.message, rule.description);'],
    ['function processTargetResults(context, fnContext, results) {', `class TemplateVariables {
    #associatedItem;
    #path;
    #document;
    constructor(associatedItem, path, document, error, description) {
        this.#associatedItem = associatedItem;
        this.#path = path;
        this.#document = document;
        this.error = error;
        this.description = description;
    }
    get property() {
        const associatedItem = this.#associatedItem, path = this.#path;
        return (associatedItem === null || associatedItem === void 0 ? void 0 : associatedItem.missingPropertyPath) !== void 0 && associatedItem.missingPropertyPath.length > path.length
            ? (0, spectral_runtime_1.printPath)(associatedItem.missingPropertyPath.slice(path.length - 1), spectral_runtime_1.PrintStyle.Dot)
            : path.length > 0
                ? path[path.length - 1]
                : '';
    }
    get path() {
        return (0, spectral_runtime_1.printPath)(this.#path, spectral_runtime_1.PrintStyle.EscapedPointer);
    }
    get value() {
        const path = this.#path, document = this.#document;
        return path.length === 0 ? document.data : (0, lodash_1.get)(document.data, path);
    }
}
delete TemplateVariables.prototype.constructor;
function processTargetResults(context, fnContext, results) {`],
  ],
  '@stoplight/spectral-core/dist/utils/replacer.js': [
    ['        const parser = new expr_eval_fork_1.Parser();\n',
      '        let parser;\n        const parserFor = () => {\n        if (parser !== undefined) return parser;\n        parser = new expr_eval_fork_1.Parser();\n'],
    ['            functions[name] = fn.bind(values);\n        });\n',
      '            functions[name] = fn.bind(values);\n        });\n        return parser;\n        };\n'],
    ['return String(parser.evaluate(expression, context));', 'return String(parserFor().evaluate(expression, context));'],
  ],
  '@stoplight/spectral-core/dist/documentInventory.js': [
    ['class DocumentInventory {', `const isObjectValue = (value) => value !== null && (typeof value === 'object' || typeof value === 'function');
const untilRefOrClosest = (unresolved, newPath, path) => {
    let piece = unresolved;
    const prefix = newPath.length;
    for (const segment of newPath.slice()) {
        if (!isObjectValue(piece)) {
            throw new TypeError('Segment is not a part of the object');
        }
        if (segment in piece) {
            piece = piece[segment];
        }
        else if ((0, json_1.hasRef)(piece)) {
            return { $ref: piece.$ref };
        }
        else {
            throw new Error('Segment is not a part of the object');
        }
        newPath.shift();
    }
    if ((0, json_1.isPlainObject)(piece) && (0, json_1.hasRef)(piece) && Object.keys(piece).length === 1) {
        return { $ref: piece.$ref };
    }
    let end = prefix;
    while (end < path.length && isObjectValue(piece) && path[end] in piece) {
        piece = piece[path[end]];
        end++;
    }
    return { $ref: null, closest: path.slice(0, end) };
};
class DocumentInventory {`],
    [`            const $ref = (0, spectral_runtime_1.traverseObjUntilRef)(this.unresolved, newPath);
            if ($ref === null) {
                const item = {
                    document: this.document,
                    path: (0, spectral_runtime_1.getClosestJsonPath)(this.unresolved, path),
                    missingPropertyPath: path,
                };
                return item;
            }`, `            const untilRef = untilRefOrClosest(this.unresolved, newPath, path);
            const $ref = untilRef.$ref;
            if ($ref === null) {
                const item = {
                    document: this.document,
                    path: untilRef.closest,
                    missingPropertyPath: path,
                };
                return item;
            }`],
  ],
  '@stoplight/spectral-core/dist/ruleset/validation/assertions.js': [
    ['const ajv_1 = require("./ajv");', 'const ajv_1 = { get createValidator() { return require("./ajv").createValidator; } };'],
  ],
};

const exactPatches = {
  name: 'exact-patches',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]@stoplight[\\/]spectral-core[\\/]dist[\\/].*\.js$/ }, async ({ path }) => {
      const file = Object.keys(EXACT_PATCHES).find((name) => path.replaceAll('\\', '/').endsWith(`node_modules/${name}`));
      if (!file) return undefined;
      const text = await readFile(path, 'utf8');
      let patched = text;
      for (const [from, to] of EXACT_PATCHES[file]) {
        if (text.split(from).length !== 2) {
          return { loader: 'js', contents: text, warnings: [{ text: `${file} changed: left as it is (expected once: ${from})` }] };
        }
        patched = patched.replace(from, () => to);
      }
      return { loader: 'js', contents: patched };
    });
  },
};

/** The lodash methods the bundled modules use (checked after the build: see lodashImports). */
const LODASH_METHODS = ['cloneDeep', 'escapeRegExp', 'get', 'has', 'isError', 'isObject', 'isObjectLike', 'isString', 'omit', 'set', 'setWith', 'toPath', 'trimStart', 'uniqBy'];

/** `lodash` as an object of the methods in LODASH_METHODS; records who imports it. */
const lodashImporters = new Set();
const lodashMethods = {
  name: 'lodash-methods',
  setup(build) {
    build.onResolve({ filter: /^lodash$/ }, ({ importer }) => {
      lodashImporters.add(importer);
      return { path: 'lodash', namespace: 'lodash-methods' };
    });
    build.onLoad({ filter: /.*/, namespace: 'lodash-methods' }, () => ({
      loader: 'js',
      resolveDir: root,
      // Each getter replaces itself with the method on first use: Spectral calls isObject and get
      // per path segment of every result, and a getter that requires each time was 17 ms on Twilio.
      contents: `module.exports = {\n${LODASH_METHODS.map((name) => `  get ${name}() { const method = require('lodash/${name}.js'); Object.defineProperty(this, '${name}', { value: method, enumerable: true }); return method; },`).join('\n')}\n};\n`,
    }));
  },
};

/** The lodash methods one module uses, or a reason it cannot be read. */
function lodashImports(text) {
  const named = /import\s*\{([^}]*)\}\s*from\s*["']lodash["']/.exec(text);
  if (named) return { names: named[1].split(',').map((part) => part.trim().split(/\s+as\s+/)[0]).filter(Boolean) };
  const required = /(?:const|var|let)\s+(\w+)\s*=\s*require\(["']lodash["']\);/.exec(text);
  if (!required) return { reason: 'neither `import { ... } from "lodash"` nor `const x = require("lodash")`' };
  const name = required[1];
  const rest = text.replace(required[0], '');
  const uses = [...rest.matchAll(new RegExp(`\\b${name}\\b(\\.(\\w+))?`, 'g'))];
  const bare = uses.find((use) => use[2] === undefined);
  return bare ? { reason: `uses \`${name}\` other than as \`${name}.method\`` } : { names: uses.map((use) => use[2]) };
}

/**
 * The packages kept out of the chunks (see above), by group: a bare import whose package matches
 * goes to dist/bundle/lazy-<group>.cjs. ajv-formats' formats file stays in the chunks: the quick
 * validators (rulesets/support/scalar-validator.js) check formats with it on every lint.
 */
const LAZY_GROUPS = {
  ajv: /^(?:ajv|ajv-formats|ajv-errors|ajv-draft-04)(?:\/|$)/,
  immer: /^immer$/,
  'expr-eval': /^expr-eval-fork$/,
  minimatch: /^minimatch$/,
};
const STAYS_BUNDLED = /[\\/]node_modules[\\/]ajv-formats[\\/]dist[\\/]formats\.js$/;

/** Each module a group's file holds: its id (the path under the package root) → its group. */
const lazyModules = new Map();
const lazyId = (file) => relative(root, file).replaceAll('\\', '/');

/**
 * The stand-in for one module of a group: the exports of the real module, each a getter that loads
 * the group's file on first access (a function export also calls or constructs the real one).
 */
function lazyStandIn(file, group) {
  const real = createRequire(file)(file);
  const id = lazyId(file);
  const callable = typeof real === 'function';
  const own = new Set(callable ? ['length', 'name', 'prototype', 'arguments', 'caller'] : []);
  const keys = Object.getOwnPropertyNames(real).filter((key) => !own.has(key) && key !== '__esModule');
  return [
    'let loaded;',
    `const load = () => (loaded ??= require(${JSON.stringify(`./lazy-${group}.cjs`)})[${JSON.stringify(id)}]());`,
    // A function export: called, constructed and asked `instanceof` as the real one (no bundled module
    // subclasses one: ajv-draft-04, which extends ajv's core, is in the group with it).
    callable
      ? ['const standIn = function (...args) { return new.target ? Reflect.construct(load(), args, new.target === standIn ? load() : new.target) : load().apply(this, args); };',
        'Object.defineProperty(standIn, Symbol.hasInstance, { value: (value) => value instanceof load() });'].join('\n')
      : 'const standIn = {};',
    real.__esModule ? 'Object.defineProperty(standIn, "__esModule", { value: true });' : '',
    `for (const key of ${JSON.stringify(keys)}) Object.defineProperty(standIn, key, { get: () => load()[key], enumerable: true, configurable: true });`,
    'module.exports = standIn;',
  ].join('\n');
}

const lazyPackages = {
  name: 'lazy-packages',
  setup(build) {
    build.onResolve({ filter: /^\.\/lazy-[\w-]+\.cjs$/ }, ({ path }) => ({ path, external: true }));
    build.onResolve({ filter: /^[^./]/ }, ({ path, resolveDir }) => {
      const group = Object.keys(LAZY_GROUPS).find((name) => LAZY_GROUPS[name].test(path));
      if (!group || !resolveDir) return undefined;
      const file = createRequire(join(resolveDir, 'importer.js')).resolve(path);
      if (!/\.c?js$/.test(file) || STAYS_BUNDLED.test(file)) return undefined;
      lazyModules.set(file, group);
      return { path: file, namespace: 'lazy-package' };
    });
    build.onLoad({ filter: /.*/, namespace: 'lazy-package' }, ({ path }) => ({ loader: 'js', resolveDir: root, contents: lazyStandIn(path, lazyModules.get(path)) }));
  },
};

/** The innermost package of a file (a copy nested under another package's node_modules is that copy). */
const innermostPackage = (input) => /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];

/** Builds each group's file: its modules, each required on first use by its id. */
async function buildLazyGroups() {
  const outputs = {};
  for (const group of Object.keys(LAZY_GROUPS)) {
    const files = [...lazyModules].filter(([, name]) => name === group).map(([file]) => file).sort();
    if (files.length === 0) continue;
    const outfile = join(out, `lazy-${group}.cjs`);
    const built = await build({
      absWorkingDir: root,
      stdin: { contents: `module.exports = {\n${files.map((file) => `  ${JSON.stringify(lazyId(file))}: () => require(${JSON.stringify(file)}),`).join('\n')}\n};\n`, resolveDir: root, sourcefile: `lazy-${group}.cjs` },
      outfile,
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node22',
      minifyWhitespace: true,
      legalComments: 'none',
      metafile: true,
      logLevel: 'warning',
    });
    outputs[relative(out, outfile)] = [...new Set(Object.keys(built.metafile.inputs).map(innermostPackage).filter(Boolean))].sort();
  }
  return outputs;
}

const started = Date.now();
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const result = await build({
  absWorkingDir: root,
  // The CLI, and the package export `restguide/ruleset` (dist/bundle/ruleset.js): one build, so the
  // two share their chunks and the package carries one copy of Spectral.
  entryPoints: { restguide: 'dist/src/cli/main.js', ruleset: 'dist/rulesets/spectral.js' },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  // Without layout white space: a third less text (8.9 to 5.9 MB) for V8 to scan (9 ms of a small
  // lint). Names stay, so a stack trace still names its functions.
  minifyWhitespace: true,
  // jsonc-parser's `main` is a UMD build whose requires esbuild cannot follow; its `module` is plain ESM.
  mainFields: ['module', 'main'],
  alias: {
    'node-fetch': join(root, 'scripts/bundle-shims/node-fetch.cjs'),
    'es-aggregate-error': join(root, 'scripts/bundle-shims/es-aggregate-error.cjs'),
  },
  plugins: [spectralInternals, ajvModules, fdirWithoutOptionalPicomatch, lazySpectralFunctionAjv, exactPatches, lodashMethods, lazyPackages],
  banner: { js: "import { createRequire as __restguideCreateRequire } from 'node:module'; const require = __restguideCreateRequire(import.meta.url);" },
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});

// Only ASCII in the output (see above): a \u escape per UTF-16 unit means the same in a string,
// a template, a regular expression (with or without the u flag) and an identifier.
const packageOf = (input) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? (input.startsWith('dist/') ? 'restguide' : input);
const lazyOutputs = await buildLazyGroups();
const written = [...Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js')), ...Object.keys(lazyOutputs).map((file) => join('dist/bundle', file))];
for (const file of written) {
  const text = readFileSync(join(root, file), 'utf8');
  if (/[^\0-\x7f]/.test(text)) {
    writeFileSync(join(root, file), text.replace(/[^\0-\x7f]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`));
  }
}

// Each module importing lodash must use only the methods of the stand-in.
for (const importer of lodashImporters) {
  const { names, reason } = lodashImports(readFileSync(importer, 'utf8'));
  if (reason) throw new Error(`bundle: ${relative(root, importer)} ${reason}: add its lodash methods to LODASH_METHODS by hand`);
  const missing = names.filter((name) => !LODASH_METHODS.includes(name));
  if (missing.length > 0) throw new Error(`bundle: ${relative(root, importer)} uses lodash's ${missing.join(', ')}: add to LODASH_METHODS`);
}

// Each internal file must be the one Spectral's own bundled modules import, or changing it changes nothing.
const importers = new Map();
for (const [input, { imports }] of Object.entries(result.metafile.inputs)) {
  for (const { path } of imports) if (!input.endsWith('spectral-internals.js')) importers.set(path, input);
}
for (const [name, file] of Object.entries(internalFiles())) {
  if (!importers.has(relative(root, file))) throw new Error(`bundle: Spectral's ${name} (${relative(root, file)}) is not imported by the bundled Spectral`);
}

const chunks = Object.fromEntries(Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  // A stand-in of a package kept out of the chunks is not the package: its file (below) is.
  .map(([file, output]) => [relative('dist/bundle', file), [...new Set(Object.keys(output.inputs).filter((input) => !input.startsWith('lazy-package:')).map(packageOf))].sort()]));
Object.assign(chunks, lazyOutputs);
writeFileSync(join(out, 'chunks.json'), `${JSON.stringify(chunks, null, 1)}\n`);
console.log(`bundle: ${Object.keys(chunks).length} chunks in dist/bundle, ${((Date.now() - started) / 1000).toFixed(1)} s`);
