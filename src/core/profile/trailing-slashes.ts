// `text` without the slashes it ends with: what `text.replace(/\/+$/, '')` gives, in one pass from
// the end. That pattern tried each slash of a run as a start and ran to the run's end from there:
// quadratic on a run of slashes not at the end, as in a link or item href a server returns.
export function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x2f /* / */) end--;
  return end === text.length ? text : text.slice(0, end);
}
