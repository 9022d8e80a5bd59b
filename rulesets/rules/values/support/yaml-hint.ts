// The fix a value's violation message can name, shared by oas-defaul and oas-exampl.
import { isObject } from '../../../support/json.js';

/**
 * The violation message, with the fix when a number stands where a string is wanted: unquoted digits
 * are a number in YAML 1.2 (read here), while the YAML 1.1 of belgif's Java validator reads a
 * leading-zero one such as 0433072831 as a string. The finding stays: quoting is right for both.
 */
export function withYamlHint(why: string | undefined, value: unknown): string | undefined {
  if (why === undefined || !/must be string\b/.test(why)) return why;
  const pointer = /^(\/\S*) must be string/.exec(why)?.[1];
  let node = value;
  for (const segment of pointer ? pointer.slice(1).split('/') : [])
    node = isObject(node) ? node[segment] : Array.isArray(node) ? node[Number(segment)] : undefined;
  return typeof node === 'number'
    ? `${why} (unquoted digits are a number in YAML 1.2, and a leading-zero one a string only in YAML 1.1: quote the value)`
    : why;
}
