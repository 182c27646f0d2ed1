/**
 * API-key routes (docs/product.md §7; docs/api.md §13; docs/decisions/036), for every key of the
 * account, personal and plan keys alike: list, create, reveal a platform-made secret once, rotate
 * (the old secret kept 24 hours, or revoked at once), disable, enable, restrict, delete. The list and
 * rotate also take a management API key; giving a key `manage` needs step-up
 * (docs/decisions/057-management-api-keys.md).
 */
import { ErrorResponse, IdParams } from '../../contract/common.ts';
import { ApiKey, ApiKeyList, CreateKeyRequest, RevealedSecret, RotateKeyRequest, UpdateKeyRequest } from '../../contract/api-keys.ts';
import type { Request, Response } from 'express';
import { canManage, type KeyOperation } from '../../../shared/key-operations.ts';
import type { AuditEventType } from '../../../shared/audit.ts';
import type { AppContext } from '../../context.ts';
import { accountIdOf, auditActorOf } from '../../http/account-auth.ts';
import type { DetailValue } from '../audit/audit-chain.ts';
import { toApiKeyResponse } from './api-keys.service.ts';

const TAG = 'API keys';
const notFound = { 404: { description: 'No such key on your account', schema: ErrorResponse } };
const invalid = { 400: { description: 'validation_error: what to fix is in message and param', schema: ErrorResponse } };
const dateOf = (iso: string | null | undefined) => (iso === undefined ? undefined : iso === null ? null : new Date(iso));

export function apiKeyRoutes(ctx: AppContext): void {
  const { api, apiKeys } = ctx;
  const view = async (userId: string, id: number, secret: string | null = null) => toApiKeyResponse(await apiKeys.view(userId, id), apiKeys.now(), secret);
  /** The key's event in the account's audit log, its pk_… id the subject; the actor the session's account or the management key. */
  const audit = (req: Request, type: AuditEventType, key: { id: number; keyValue: string }, details: Record<string, DetailValue> = {}) =>
    ctx.audit.record({ accountId: accountIdOf(req), type, actor: auditActorOf(req), subject: key.keyValue, details: { id: key.id, ...details } }, req);
  /** A key that gains manage can rotate every other key: with two-factor sign-in on, the session steps up first. */
  const stepUpToManage = (req: Request, res: Response, before: readonly KeyOperation[] | null, after: readonly KeyOperation[] | null | undefined) =>
    after !== undefined && canManage(after) && !canManage(before)
      ? new Promise<void>((resolve, reject) => ctx.requireStepUp(req, res, (error?: unknown) => (error ? reject(error) : resolve())))
      : undefined;

  api.route(
    {
      method: 'get', path: '/api/keys', tag: TAG, auth: 'account', summary: 'Your API keys, newest first',
      description: 'Your own keys and the plan keys issued with purchases. Secrets are never listed; secretRevealable says whether a platform-created secret still waits for its one reveal. A signed-in session or a management API key (docs/decisions/057).',
      responses: { 200: { description: 'Keys', schema: ApiKeyList } },
    },
    async ({ req }) => (await apiKeys.list(accountIdOf(req))).map((k) => toApiKeyResponse(k, apiKeys.now())),
  );

  api.route(
    {
      method: 'post', path: '/api/keys', tag: TAG, auth: 'user', body: CreateKeyRequest,
      summary: 'Create an API key',
      description: 'Optionally restricted to some operations, or until a time. The response carries keySecret; it is shown this once and only its digest is stored. A key with manage needs step-up when two-factor sign-in is on (403 step_up_required).',
      responses: { 201: { description: 'The key with its secret', schema: ApiKey }, ...invalid, 409: { description: 'key_limit_reached: 25 API keys already', schema: ErrorResponse } },
    },
    async ({ req, res, body }) => {
      await stepUpToManage(req, res, null, body.allowedOperations);
      const { row, secret } = await apiKeys.createKey(req.user!.id, { ...body, expiresAt: dateOf(body.expiresAt) });
      await audit(req, 'api_key.created', row, { name: row.keyName, allowedOperations: row.allowedOperations, expiresAt: row.expiresAt?.toISOString() ?? null });
      return view(req.user!.id, row.id, secret);
    },
  );

  api.route(
    {
      method: 'post', path: '/api/keys/:id/reveal-secret', tag: TAG, auth: 'user', params: IdParams,
      summary: 'Show a platform-created secret, once',
      description:
        'For the key made at sign-up or issued with a plan: returns the secret and deletes the stored ' +
        'copy. Afterwards: 410, rotate instead.',
      responses: { 200: { description: 'The secret', schema: RevealedSecret }, ...notFound, 410: { description: 'Already shown', schema: ErrorResponse } },
    },
    async ({ req, params }) => {
      const { row, secret } = await apiKeys.revealSecret(req.user!.id, params.id);
      await audit(req, 'api_key.secret_revealed', row);
      return { id: row.id, keyValue: row.keyValue, keySecret: secret };
    },
  );

  api.route(
    {
      method: 'post', path: '/api/keys/:id/rotate', tag: TAG, auth: 'account', params: IdParams, body: RotateKeyRequest,
      summary: 'Give a key a new secret',
      description:
        'The key id stays; the new secret is in this response only. The old one keeps working 24 hours (previousSecretExpiresAt), or stops at once with revokeOldSecret: true. ' +
        'In a session with two-factor sign-in on, needs step-up (403 step_up_required). A management API key may rotate any key of its account, itself included, without step-up (docs/decisions/057).',
      before: [ctx.requireStepUp],
      responses: {
        200: { description: 'The key with its new secret', schema: ApiKey }, ...invalid, ...notFound,
        403: { description: 'operation_not_allowed: the API key does not name manage; step_up_required: the session needs a recent two-factor code', schema: ErrorResponse },
      },
    },
    async ({ req, params, body }) => {
      const { row, secret } = await apiKeys.rotate(accountIdOf(req), params.id, { revokeOld: body.revokeOldSecret });
      await audit(req, 'api_key.rotated', row, { previousRevokedAtOnce: body.revokeOldSecret });
      return view(accountIdOf(req), row.id, secret);
    },
  );

  api.route(
    {
      method: 'patch', path: '/api/keys/:id', tag: TAG, auth: 'user', params: IdParams, body: UpdateKeyRequest,
      summary: 'Rename or restrict a key',
      description:
        'allowedOperations limits the calls the key may make (403 operation_not_allowed otherwise); expiresAt ends it (403 api_key_expired after). null lifts a restriction ' +
        '(every metered operation, never manage); a field left out stays. Adding manage needs step-up when two-factor sign-in is on (403 step_up_required).',
      responses: { 200: { description: 'The key', schema: ApiKey }, ...invalid, ...notFound },
    },
    async ({ req, res, params, body }) => {
      if (body.allowedOperations !== undefined) await stepUpToManage(req, res, (await apiKeys.view(req.user!.id, params.id)).row.allowedOperations, body.allowedOperations);
      const row = await apiKeys.update(req.user!.id, params.id, { ...body, expiresAt: dateOf(body.expiresAt) });
      const changed = { name: body.keyName, allowedOperations: body.allowedOperations, expiresAt: body.expiresAt };
      await audit(req, 'api_key.restrictions_changed', row, Object.fromEntries(Object.entries(changed).filter(([, v]) => v !== undefined)) as Record<string, DetailValue>);
      return view(req.user!.id, params.id);
    },
  );

  api.route(
    {
      method: 'post', path: '/api/keys/:id/disable', tag: TAG, auth: 'user', params: IdParams,
      summary: 'Disable a key', description: 'Calls with a disabled key get 403 api_key_disabled.',
      responses: { 200: { description: 'The key', schema: ApiKey }, ...notFound },
    },
    async ({ req, params }) => {
      await audit(req, 'api_key.disabled', await apiKeys.setActive(req.user!.id, params.id, false));
      return view(req.user!.id, params.id);
    },
  );

  api.route(
    {
      method: 'post', path: '/api/keys/:id/enable', tag: TAG, auth: 'user', params: IdParams,
      summary: 'Enable a disabled key',
      responses: { 200: { description: 'The key', schema: ApiKey }, ...notFound },
    },
    async ({ req, params }) => {
      await audit(req, 'api_key.enabled', await apiKeys.setActive(req.user!.id, params.id, true));
      return view(req.user!.id, params.id);
    },
  );

  api.route(
    {
      method: 'delete', path: '/api/keys/:id', tag: TAG, auth: 'user', params: IdParams,
      summary: 'Delete a key', description: 'For good: calls with it get 401 invalid_api_key. Its operation records stay.',
      responses: { 204: { description: 'Deleted' }, ...notFound },
    },
    async ({ req, params, res }) => {
      const { row: key } = await apiKeys.view(req.user!.id, params.id);
      await apiKeys.delete(req.user!.id, params.id);
      await audit(req, 'api_key.deleted', key, { name: key.keyName });
      res.status(204).end();
    },
  );
}
