// The paging documents col-paging (page) and col-paging-size (pageSize) both judge: each rule finds
// its own parameter wrong in the first and nothing in the second.
import { queryParam, withQuery } from '../../documents.js';

/** GET /things paged from 0, with a pageSize of no default. */
export const pagedWrongly = () =>
  withQuery(queryParam('page', { type: 'integer', minimum: 0 }), queryParam('pageSize', { type: 'integer' }));
/** GET /things paged from 1 (default 1), with a pageSize of default 20. */
export const pagedRightly = () =>
  withQuery(
    queryParam('page', { type: 'integer', minimum: 1, default: 1 }),
    queryParam('pageSize', { type: 'integer', default: 20 }),
  );
