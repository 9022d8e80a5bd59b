// How restguide's rule functions meet Spectral's function contract. Stock mode: Spectral's
// createRulesetFunction, which checks the options against their schema on every call. Accelerated
// mode: the body alone, since the rules' options are fixed when the ruleset loads (and the built-in
// ruleset is proven valid by a test); the options schema is compiled only when a ruleset that uses
// the function is validated (Spectral calls `validator`), not when the module loads: a share of a
// small lint's start-up. The mode is the run's (mode.ts: bound to the document Spectral passes in the
// context), and is the mode of the call for the code the body calls (the schema validator).
import {
  createRulesetFunction,
  type RulesetFunctionContext,
  type RulesetFunctionWithValidator,
} from '@stoplight/spectral-core';
import { callIn, modeOf } from './mode.js';

export type OptionsSchema = Parameters<typeof createRulesetFunction>[0]['options'];
type Run<O, R> = (input: unknown, options: O, context: RulesetFunctionContext) => R;

/** A rule function named as `run` is, whose options are checked against `options` as the mode says. */
export function ruleFunction<O, R>(options: OptionsSchema, run: Run<O, R>): RulesetFunctionWithValidator<unknown, O> {
  // Without options there is nothing to skip: Spectral's wrapper in both modes.
  if (options === null) {
    const inItsMode: Run<O, R> = (input, opts, context) => callIn(modeOf(context), () => run(input, opts, context));
    Reflect.defineProperty(inItsMode, 'name', { value: run.name }); // Spectral's wrapper takes the name from it
    return createRulesetFunction<unknown, O>({ input: null, options: null }, inItsMode as never);
  }
  let stock: RulesetFunctionWithValidator<unknown, O> | undefined;
  const stockFunction = () => (stock ??= createRulesetFunction<unknown, O>({ input: null, options }, run as never));
  const fn = function (this: unknown, input: unknown, opts: O, context: RulesetFunctionContext) {
    const mode = modeOf(context);
    return callIn(mode, () =>
      mode.accelerated ? run(input, opts, context) : stockFunction().call(this, input, opts, context),
    );
  };
  Reflect.defineProperty(fn, 'name', { value: run.name }); // Spectral's messages name the function
  const validator = (opts: unknown): void => stockFunction().validator(opts);
  return Object.assign(fn, { validator, schemas: { input: null, options } }) as unknown as RulesetFunctionWithValidator<
    unknown,
    O
  >;
}
