/**
 * The typed client of the PQ Platform API (/api/v1). Its request and response types are generated
 * from the server's OpenAPI document (generated/openapi.ts), so a call that does not match the
 * contract does not compile. `api` is the whole typed API (openapi-fetch); the named methods are the
 * common calls. Every call either resolves with the answer's body or throws a PqApiError (the API's
 * code, param and requestId) or a PqNetworkError, after the retries of retry-policy.ts.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { RequestBodyJSON } from 'openapi-typescript-helpers';
import { errorBodyOf, PqApiError } from './errors.ts';
import { items, nextCursorOf, type PagesOptions } from './pagination.ts';
import type { paths } from './generated/openapi.ts';
import { resolveConnection, type ConnectionOptions } from './options.ts';
import { OutgoingRequest } from './outgoing-request.ts';
import { retryingFetch, type TransportOptions } from './transport.ts';

export interface PqClientOptions extends ConnectionOptions, TransportOptions {}

type Body<P extends keyof paths, M extends 'get' | 'post' | 'patch' | 'delete'> = RequestBodyJSON<NonNullable<paths[P][M]>>;

/** The body of a successful answer; an error answer has thrown in throwOnError before this. */
async function answer<T>(call: Promise<{ data?: T }>): Promise<T> {
  return (await call).data as T;
}

const throwOnError: Middleware = {
  async onResponse({ request, response }) {
    if (response.ok) return undefined;
    throw new PqApiError(response.status, errorBodyOf(response.status, await response.text()), `${request.method} ${new URL(request.url).pathname}`);
  },
};

export type Qes2Mode = 'ecdsa' | 'schnorr';
type AuditEventType = NonNullable<NonNullable<paths['/api/v1/audit-events']['get']['parameters']['query']>['type']>;

export class PqClient {
  /** Every public operation, typed by path and method: `await pq.api.GET('/api/v1/health')`. */
  readonly api: Client<paths>;
  readonly baseUrl: string;

  constructor(options: PqClientOptions = {}) {
    const { baseUrl, credentials } = resolveConnection(options);
    this.baseUrl = baseUrl;
    this.api = createClient<paths>({
      baseUrl,
      // The transport takes openapi-fetch's requests as built (outgoing-request.ts), not as fetch Requests.
      Request: OutgoingRequest as unknown as typeof Request,
      fetch: retryingFetch(options) as (request: Request) => Promise<Response>,
      headers: credentials ? { 'x-api-key': credentials.apiKey, 'x-api-secret': credentials.apiSecret } : {},
    });
    this.api.use(throwOnError);
  }

  /** Dilion: ML-DSA-65 signatures bound to a service (docs/api.md §7.1). */
  readonly dilion = {
    sign: (body: Body<'/api/v1/crypto/dilion/sign', 'post'>) => answer(this.api.POST('/api/v1/crypto/dilion/sign', { body })),
    verify: (body: Body<'/api/v1/crypto/dilion/verify', 'post'>) => answer(this.api.POST('/api/v1/crypto/dilion/verify', { body })),
  };

  /** QES2: ML-DSA-65 with ECDSA or BIP-340 Schnorr over secp256k1, both halves required (docs/api.md §7.2). */
  readonly qes2 = {
    sign: (mode: Qes2Mode, body: Body<'/api/v1/crypto/qes2/ecdsa/sign', 'post'>) =>
      answer(mode === 'ecdsa' ? this.api.POST('/api/v1/crypto/qes2/ecdsa/sign', { body }) : this.api.POST('/api/v1/crypto/qes2/schnorr/sign', { body })),
    verify: (mode: Qes2Mode, body: Body<'/api/v1/crypto/qes2/ecdsa/verify', 'post'>) =>
      answer(mode === 'ecdsa' ? this.api.POST('/api/v1/crypto/qes2/ecdsa/verify', { body }) : this.api.POST('/api/v1/crypto/qes2/schnorr/verify', { body })),
  };

  /** zk-FIDNA: range and balance proofs (docs/api.md §7.3). */
  readonly zkFidna = {
    prove: (body: Body<'/api/v1/crypto/zk-fidna/prove', 'post'>) => answer(this.api.POST('/api/v1/crypto/zk-fidna/prove', { body })),
    verify: (body: Body<'/api/v1/crypto/zk-fidna/verify', 'post'>) => answer(this.api.POST('/api/v1/crypto/zk-fidna/verify', { body })),
    /** Up to 64 proofs checked together, each item answered (and metered) as a verify. */
    verifyBatch: (body: Body<'/api/v1/crypto/zk-fidna/verify-batch', 'post'>) => answer(this.api.POST('/api/v1/crypto/zk-fidna/verify-batch', { body })),
  };

  /** The calls on one managed key: signing by message type and in batches, and ML-KEM-768 encryption (docs/api.md §7.4–7.6). */
  readonly keys = {
    sign: (keyId: string, body: Body<'/api/v1/keys/{keyId}/sign', 'post'>) =>
      answer(this.api.POST('/api/v1/keys/{keyId}/sign', { params: { path: { keyId } }, body })),
    verify: (keyId: string, body: Body<'/api/v1/keys/{keyId}/verify', 'post'>) =>
      answer(this.api.POST('/api/v1/keys/{keyId}/verify', { params: { path: { keyId } }, body })),
    signBatch: (keyId: string, body: Body<'/api/v1/keys/{keyId}/sign-batch', 'post'>) =>
      answer(this.api.POST('/api/v1/keys/{keyId}/sign-batch', { params: { path: { keyId } }, body })),
    encapsulate: (keyId: string, body: Body<'/api/v1/keys/{keyId}/encapsulate', 'post'> = {}) =>
      answer(this.api.POST('/api/v1/keys/{keyId}/encapsulate', { params: { path: { keyId } }, body })),
    decapsulate: (keyId: string, body: Body<'/api/v1/keys/{keyId}/decapsulate', 'post'>) =>
      answer(this.api.POST('/api/v1/keys/{keyId}/decapsulate', { params: { path: { keyId } }, body })),
    seal: (keyId: string, body: Body<'/api/v1/keys/{keyId}/seal', 'post'>) =>
      answer(this.api.POST('/api/v1/keys/{keyId}/seal', { params: { path: { keyId } }, body })),
    open: (keyId: string, body: Body<'/api/v1/keys/{keyId}/open', 'post'>) =>
      answer(this.api.POST('/api/v1/keys/{keyId}/open', { params: { path: { keyId } }, body })),
    generateDataKey: (keyId: string, body: Body<'/api/v1/keys/{keyId}/generate-data-key', 'post'> = {}) =>
      answer(this.api.POST('/api/v1/keys/{keyId}/generate-data-key', { params: { path: { keyId } }, body })),
  };

  /** Services' ML-KEM-768 keys for Dilion's privacy identifier (docs/api.md §7.1). */
  readonly serviceKeys = {
    register: (body: Body<'/api/v1/service-keys', 'post'>) => answer(this.api.POST('/api/v1/service-keys', { body })),
    bySid: (sid: string) => answer(this.api.GET('/api/v1/service-keys/sid/{sid}', { params: { path: { sid } } })),
    get: (keyId: string) => answer(this.api.GET('/api/v1/service-keys/{keyId}', { params: { path: { keyId } } })),
  };

  /**
   * The account, with a management key (a key whose allowedOperations name manage; a session's
   * routes otherwise, docs/decisions/057-management-api-keys.md).
   */
  readonly account = {
    usage: () => answer(this.api.GET('/api/v1/usage')),
    dailyUsage: (month?: string) =>
      answer(month === undefined ? this.api.GET('/api/v1/usage/daily') : this.api.GET('/api/v1/usage/daily/{month}', { params: { path: { month } } })),
    /** Every operation of the account, newest first, fetched page by page as the loop asks. */
    operations: (options?: PagesOptions) =>
      items(async (query) => {
        const { data, response } = await this.api.GET('/api/v1/operations', { params: { query } });
        return { items: data ?? [], nextCursor: nextCursorOf(response) };
      }, options),
    /** The audit log, newest first, page by page; `type` keeps one kind of event. */
    auditEvents: (options: PagesOptions & { type?: AuditEventType } = {}) =>
      items(async (query) => {
        const { data, response } = await this.api.GET('/api/v1/audit-events', { params: { query: { ...query, ...(options.type ? { type: options.type } : {}) } } });
        return { items: data ?? [], nextCursor: nextCursorOf(response) };
      }, options),
  };

  /** The account's API keys, with a management key. */
  readonly apiKeys = {
    list: () => answer(this.api.GET('/api/v1/api-keys')),
    /** A new secret for key `id`; the old one works 24 hours more unless revokeOldSecret. */
    rotate: (id: number, body: Body<'/api/v1/api-keys/{id}/rotate', 'post'> = { revokeOldSecret: false }) =>
      answer(this.api.POST('/api/v1/api-keys/{id}/rotate', { params: { path: { id } }, body })),
  };

  /** The account's managed keys (signing and ML-KEM), with a management key. */
  readonly managedKeys = {
    list: async () => (await answer(this.api.GET('/api/v1/keys'))).keys,
    /** The public key in every format it has (raw, SPKI DER and PEM, JWK for ML-DSA). */
    export: (keyId: string) => answer(this.api.GET('/api/v1/keys/{keyId}/export', { params: { path: { keyId } } })),
  };

  /** The service's own state: anyone may ask. */
  health = () => answer(this.api.GET('/api/v1/health'));
  performance = () => answer(this.api.GET('/api/v1/crypto/performance'));
}
