// The lint engine: everything that knows Spectral's, ajv's or the YAML libraries' internals lives in
// this folder, behind createLinter(). Two modes give the same findings:
// - stock: Spectral's parsers, resolver and ruleset validation, ajv for every schema check: only
//   the packages' public APIs (with patches/ applied to node_modules, which change speed only);
// - accelerated (the default): the same results faster, through a direct YAML reader (yaml/),
//   indexed path lookups (positions.ts), local $refs resolved without immer (local-refs.ts, which
//   drives Spectral's resolver classes: spectral-internals.ts), the built-in ruleset trusted
//   without schema validation, rule options checked once (rule-function.ts) and a quick validator
//   before ajv (quick-validator.ts). Where it cannot, it hands the work to the stock path and
//   records a fallback (mode.ts, which also hands the rule functions their run's mode), shown by
//   `lint --verbose`.
// Outside this folder, lint code uses only what this file exports.
import {
  Document,
  Ruleset,
  Spectral,
  type ISpectralDiagnostic,
  type RulesetDefinition,
} from '@stoplight/spectral-core';
import Parsers from '@stoplight/spectral-parsers';
import { Fallbacks, runIn } from '../../lint-base/mode.js';
import { indexedYaml, IndexedJson } from './positions.js';
import { instrument } from './progress.js';
import { createResolver } from './resolver.js';
import { isJsonText } from '../../openapi/text.js';

export { compareSpectralResults, compareText } from './result-order.js';
export { withRuleProgress, type LintProgress, type ProgressSink } from './progress.js';
export { Fallbacks, type FallbackKind, type LintMode } from '../../lint-base/mode.js';

type Parser = typeof Parsers.Yaml;

export interface LinterOptions {
  /** Accelerated (default) or stock mode. */
  accelerated?: boolean;
}

export interface EngineRun {
  /** Spectral's results, in no particular order (sort with compareSpectralResults). */
  results: ISpectralDiagnostic[];
  /** The text of every file the $ref resolver read, by its location. */
  texts: Map<string, string>;
}

export interface Linter {
  readonly accelerated: boolean;
  /** What accelerated mode handed to the stock path during this linter's runs. */
  readonly fallbacks: Fallbacks;
  /** `text` parsed as JSON (a `.json` location, or text opening with `{`) or YAML, as a Spectral document. */
  document(text: string, source: string, json?: boolean): Document;
  /** Runs `ruleset` on `document`; `read` reads each file a $ref names (URLs too). */
  run(document: Document, ruleset: Ruleset, read: (location: string) => Promise<string>): Promise<EngineRun>;
  /** A ruleset restguide ships (proven valid by its tests): accelerated, constructed without Spectral's schema validation. */
  trustedRuleset(definition: RulesetDefinition, source: string): Ruleset;
  /**
   * The enabled rules of `ruleset`, for a progress line. Accelerated with `countResults`, each rule
   * function is also wrapped (once per ruleset) to count its results during withRuleProgress; stock
   * leaves the rules alone, and the progress line shows phases only.
   */
  progressRules(ruleset: Ruleset, countResults: boolean): number;
}

/** The mode the environment asks for: RESTGUIDE_LINT_ENGINE=stock, to tell a bug of accelerated mode from one elsewhere. */
export const acceleratedByDefault = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env['RESTGUIDE_LINT_ENGINE'] !== 'stock';

export function createLinter({ accelerated = acceleratedByDefault() }: LinterOptions = {}): Linter {
  const fallbacks = new Fallbacks();
  const yaml: Parser = accelerated ? indexedYaml(fallbacks) : Parsers.Yaml;
  const json: Parser = accelerated ? IndexedJson : (Parsers.Json as unknown as Parser);
  return {
    accelerated,
    fallbacks,
    document: (text, source, asJson = isJsonText(source, text)) =>
      new Document(text, asJson ? json : yaml, source) as unknown as Document,
    async run(document, ruleset, read) {
      const { resolver, texts } = createResolver(read, accelerated, fallbacks);
      const spectral = new Spectral({ resolver });
      spectral.setRuleset(ruleset);
      runIn(document, { accelerated, fallbacks });
      const results = await spectral.run(document, { ignoreUnknownFormat: true });
      return { results, texts };
    },
    trustedRuleset(definition, source) {
      // `validate` is the option patches/spectral-core-ruleset-validate-option.patch adds: a Spectral
      // without the patch ignores it and validates, as stock mode does.
      const options = { severity: 'recommended', source, ...(accelerated ? { validate: false } : {}) };
      return new Ruleset(definition, options as ConstructorParameters<typeof Ruleset>[1]);
    },
    progressRules: (ruleset, countResults) =>
      accelerated && countResults
        ? instrument(ruleset)
        : Object.values(ruleset.rules).filter((rule) => rule.enabled).length,
  };
}
