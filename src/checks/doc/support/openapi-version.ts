/** An OpenAPI version number (`3.0.3`, `3.1.0`): an empty or other `openapi` value declares no version. */
export const isOpenApiVersion = (value: unknown): boolean =>
  typeof value === 'string' && /^\d+\.\d+(\.\d+)?(-[\w.]+)?$/.test(value.trim());
