import { defineCheck } from '../../core/engine/define-check.js';
import { PROBLEM_MEDIA_TYPE_ROOT } from '../support/problem-response.js';
import { VALIDATION_STATUS_ROOT } from '../support/validation-status.js';
import { describeBody, mediaTypeOf } from '../../core/engine/exchange.js';
import { listingOf } from '../../core/profile/list-shape.js';
import { guidePagingOrSkip, pageOf, pageOrSkip } from '../support/collection-page.js';

const HUGE = 100_000;

export default defineCheck({
  meta: {
    id: 'paging.invalid-params',
    rule: 'col-paging',
    severity: 'error',
    writes: false,
    evidence: 'reads',
    title:
      'A malformed `page` or `pageSize` (0, negative, not a number) gives a 400 problem; a huge `pageSize` is refused (400) or capped',
    messages: {
      notBadRequest: '{{url}} ({{values}}) answered {{status}}, not 400.',
      notProblem: '{{url}} answered 400 with Content-Type {{contentType}}, not application/problem+json.',
      hugeStatus:
        '{{url}} ({{param}}={{value}}) answered {{status}} with {{got}}; a too large page size is refused with 400 or capped in a 200 collection page.',
      hugeNotCapped:
        '{{url}} (pageSize={{value}}) answered 200 with `pageSize` {{echoed}} and {{count}} items; a capped page echoes a pageSize at most the one asked and holds no more items than it.',
    },
  },
  appliesTo: 'collection',
  // An error answer that is not problem+json is problem.media-type's finding, reported once for the run; a
  // framework's 422 for every invalid input is input.declared-params'.
  dependsOn: [PROBLEM_MEDIA_TYPE_ROOT, VALIDATION_STATUS_ROOT],
  async run(ctx, collection) {
    await guidePagingOrSkip(ctx, collection);
    const size = collection.pageSizeParam;
    const sized = await ctx.get(collection.firstPage({ pageSize: 2 }));
    // Paging parameters are optional features: judged only where the target declares paging or a page shows it.
    if (!collection.paging) {
      const first = pageOrSkip(ctx, sized);
      if (!['pageSize', 'page', 'next', 'prev', 'first', 'last'].some((name) => first.body[name] !== undefined)) {
        return ctx.skip(
          `${collection.path} declares no paging and its first page shows none (no pageSize, page or paging links)`,
        );
      }
    }
    // An API that ignores the page size has no such parameter to refuse: that is page-size-honoured's finding.
    const listed = sized.response.status === 200 ? listingOf(sized.response.json, { knownList: true }) : undefined;
    // A page size the document does not declare is unknown input, input.unknown-query-param's to judge.
    const judgesSize = !collection.unpaged && (listed === undefined || listed.items.length <= 2);
    const malformed: Array<[string, string]> = judgesSize
      ? [
          [size, '0'],
          [size, 'abc'],
        ]
      : [];
    if (collection.paging?.kind === 'offset')
      malformed.push([collection.pageParam, '0'], [collection.pageParam, '-1'], [collection.pageParam, 'abc']);
    if (malformed.length === 0 && collection.unpaged)
      return ctx.skip(`not applicable: ${collection.path} declares no page size parameter and pages by a cursor`);
    if (malformed.length === 0)
      return ctx.skip(
        `GET ${sized.request.url} listed ${listed?.items.length ?? 0} items: the API ignores \`${size}\`, so it has no malformed value to refuse (see paging.page-size-honoured)`,
      );
    const probes = await Promise.all(
      malformed.map(([param, value]) => ctx.get(ctx.url(collection.path, { [param]: value }))),
    );
    // One cause, one finding: the values refused with the same other status are one finding.
    const refused = new Map<number, Array<{ value: string; exchange: (typeof probes)[number] }>>();
    const refuse = (status: number, value: string, exchange: (typeof probes)[number]): void => {
      refused.set(status, [...(refused.get(status) ?? []), { value, exchange }]);
    };
    probes.forEach((exchange, index) => {
      const { status } = exchange.response;
      if (status !== 400) {
        refuse(status, `${(malformed[index] ?? []).join('=')} is malformed`, exchange);
        return;
      }
      ctx.pass();
      ctx.expect(
        mediaTypeOf(exchange.response) === 'application/problem+json',
        'notProblem',
        { url: exchange.request.url, contentType: mediaTypeOf(exchange.response) ?? '(none)' },
        exchange,
      );
    });
    function reportRefusals(): void {
      for (const [other, group] of refused)
        ctx.report(
          'notBadRequest',
          { url: group[0]?.exchange.request.url ?? '', values: group.map((g) => g.value).join(', '), status: other },
          ...group.map((g) => g.exchange),
        );
    }
    if (!judgesSize) {
      reportRefusals();
      return;
    }
    // The spec fixes no maximum: refusing (400, a schema violation) and capping are both conforming.
    const huge = await ctx.get(ctx.url(collection.path, { [size]: HUGE }));
    const url = huge.request.url;
    const { status } = huge.response;
    const page = status === 400 ? undefined : pageOf(huge);
    // Refused with the status the malformed values got: the same cause, told once.
    const sameRefusal = status !== 400 && page === undefined && refused.has(status);
    if (sameRefusal) refuse(status, `${size}=${HUGE} is too large`, huge);
    reportRefusals();
    if (sameRefusal) return;
    if (status === 400) {
      ctx.expect(
        mediaTypeOf(huge.response) === 'application/problem+json',
        'notProblem',
        { url, contentType: mediaTypeOf(huge.response) ?? '(none)' },
        huge,
      );
      return;
    }
    if (
      !ctx.expect(
        page !== undefined,
        'hugeStatus',
        { url, param: size, value: HUGE, status, got: describeBody(huge.response) },
        huge,
      ) ||
      !page
    )
      return;
    const echoed = page.body['pageSize'];
    const cap = typeof echoed === 'number' ? echoed : HUGE;
    ctx.expect(
      (echoed === undefined || (typeof echoed === 'number' && echoed <= HUGE)) && page.items.length <= cap,
      'hugeNotCapped',
      { url, value: HUGE, echoed: JSON.stringify(echoed), count: page.items.length },
      huge,
    );
  },
});
