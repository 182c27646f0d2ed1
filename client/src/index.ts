/** @pq-platform/client: the typed client of the PQ Platform API (docs/decisions/058-typed-client.md). */
export { PqClient, type PqClientOptions, type Qes2Mode } from './client.ts';
export { PqApiError, PqConfigError, PqError, PqNetworkError, type ApiErrorBody } from './errors.ts';
export { DEFAULT_API_URL, type ConnectionOptions } from './options.ts';
export { DEFAULT_RETRY, type RetryOptions } from './retry-policy.ts';
export type { components, paths } from './generated/openapi.ts';
export { OutgoingRequest } from './outgoing-request.ts';
export { items, nextCursorOf, pages, type Page, type PageSource, type PagesOptions } from './pagination.ts';
export * from './verify/index.ts';
