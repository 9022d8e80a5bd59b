// Types for the tests that import the generator (test/ is type-checked, bench/ is plain JS).
export function generateLargeDocument(resources: number): Record<string, unknown>;
