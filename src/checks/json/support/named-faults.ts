// One finding for the names a check finds at fault across every answer: an API's serializer names its members
// (or writes their nulls) one way, so the fix is one, however many members and answers show it.
import { defineCheck, type CheckContext, type CheckMeta } from '../../../core/engine/define-check.js';
import type { Exchange } from '../../../core/engine/exchange.js';
import { WITH_SAMPLE_RESPONSES } from '../../support/sample-responses.js';
import { jsonAnswers } from './walk-json.js';

/** Names spelled out after the first; the rest are counted. */
const LISTED = 8;
const EVIDENCE = 3;

export class NamedFaults {
  private readonly names = new Map<string, { url: string; path: string }>();
  private readonly evidence: Exchange[] = [];
  private answers = 0;
  /** The answer of the last fault added: its other faults count it once, evidence kept or not. */
  private last: Exchange | undefined;

  /** A member at fault in an answer. */
  add(name: string, path: string, exchange: Exchange): void {
    if (!this.names.has(name)) this.names.set(name, { url: exchange.request.url, path });
    if (this.last !== exchange) {
      this.last = exchange;
      this.answers++;
      if (this.evidence.length < EVIDENCE) this.evidence.push(exchange);
    }
  }

  /**
   * Reports one finding (`messageId` with `url`, `name` and `path` of the first name seen, `others` naming the
   * rest, `also` the answers), or a pass when no answer had a fault.
   */
  flush<M extends string>(ctx: CheckContext<M>, messageId: M, othersAre: string): void {
    const [first, ...rest] = [...this.names];
    if (first === undefined) return ctx.pass();
    const [name, where] = first;
    const shown = rest.slice(0, LISTED).map(([other]) => `\`${other}\``);
    const more = rest.length > LISTED ? ` and ${rest.length - LISTED} more` : '';
    const others = rest.length === 0 ? '' : `; ${othersAre} ${shown.join(', ')}${more}`;
    const also = this.answers > 1 ? ` (seen in ${this.answers} answers)` : '';
    ctx.report(messageId, { url: where.url, name, path: where.path, others, also }, ...this.evidence);
  }
}

/**
 * A check of the names in every JSON answer (the samples and the run's other representations): `visit` adds an
 * answer's names at fault, and one finding (`messageId`) reports them all.
 */
export function defineNamedFaultsCheck<const M extends string>(check: {
  meta: CheckMeta<M>;
  messageId: NoInfer<M>;
  /** Words before the other names of the finding: `so are`, `nor are`. */
  othersAre: string;
  visit(exchange: Exchange, faults: NamedFaults): void;
}) {
  return defineCheck({
    meta: check.meta,
    appliesTo: 'api',
    requires: WITH_SAMPLE_RESPONSES,
    async run(ctx) {
      const faults = new NamedFaults();
      for (const exchange of await jsonAnswers(ctx)) check.visit(exchange, faults);
      faults.flush(ctx, check.messageId, check.othersAre);
    },
  });
}
