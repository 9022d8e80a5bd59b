/**
 * The exports object of a CommonJS package loaded with `import()`. Node offers them as named
 * exports and as `default`; the bundle (scripts/bundle.mjs) only as `default`. Both give the same object.
 */
export function commonJsExports<T>(namespace: T): T {
  const exported = (namespace as { default?: unknown }).default;
  return (typeof exported === 'object' && exported !== null ? exported : namespace) as T;
}
