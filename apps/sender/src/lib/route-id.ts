import { MAX_ROW_ID } from '@vm/domain/row-id';

/**
 * A route parameter that names a record (`#/jobs/:jobId`): a positive whole number in the range
 * the API accepts (the contract's MAX_ROW_ID), written plainly. Anything else ('abc', '1e3',
 * '007', '') is null, so a page can say the record does not exist without asking the server
 * about `NaN`.
 */
export function routeId(param: string | undefined): number | null {
  if (!param || !/^[1-9]\d{0,9}$/.test(param)) return null;
  const n = Number(param);
  return n <= MAX_ROW_ID ? n : null;
}
