/**
 * A managed key's versions and lifecycle, for its account (docs/api.md §7.2,
 * docs/decisions/056-key-versions-and-lifecycle.md): list versions, rotate, disable and enable,
 * schedule and cancel deletion, set automatic rotation.
 */
import type { Request } from 'express';
import type { z } from 'zod';
import type { AuditEventType } from '../../../shared/audit.ts';
import { KeyIdParams, KeyVersionList, ManagedKeyState, ScheduleDeletionRequest, UpdateKeyRequest } from '../../contract/key-lifecycle.ts';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/route.ts';
import type { ManagedKey } from './key-lifecycle.service.ts';

const TAG = 'Key lifecycle';

export function toManagedKeyState({ key, publicKey }: ManagedKey): z.infer<typeof ManagedKeyState> {
  return {
    keyId: key.id,
    name: key.name,
    algorithm: key.algorithm,
    state: key.state,
    primaryVersion: key.primaryVersion,
    publicKey,
    deletionAt: key.deletionAt?.toISOString() ?? null,
    rotationPeriodDays: key.rotationPeriodDays,
    nextRotationAt: key.nextRotationAt?.toISOString() ?? null,
  };
}

const notYours = { 404: 'signing_key_not_found: no key with this id belongs to your account' };

export function keyLifecycleRoutes(ctx: AppContext): void {
  const { api, keyLifecycle } = ctx;
  const ok = (description: string) => ({ 200: { description, schema: ManagedKeyState } });
  /** The key's new state, once recorded in the account's audit log (docs/decisions/055). */
  const audited = async (req: Request, type: AuditEventType, changed: ManagedKey) => {
    const state = toManagedKeyState(changed);
    const details = { state: state.state, primaryVersion: state.primaryVersion, deletionAt: state.deletionAt, rotationPeriodDays: state.rotationPeriodDays };
    await ctx.audit.record({ accountId: req.user!.id, type, actor: 'account', subject: state.keyId, details }, req);
    return state;
  };

  api.route(
    {
      method: 'get', path: '/api/v1/keys/:keyId/versions', tag: TAG, auth: 'user', params: KeyIdParams,
      summary: 'A key’s versions', description: 'Every version’s public key and state, oldest first; the primary signs.',
      responses: { 200: { description: 'The versions', schema: KeyVersionList }, ...errorResponses(notYours) },
    },
    async ({ req, params }): Promise<z.infer<typeof KeyVersionList>> => {
      const { key, versions } = await keyLifecycle.versions(req.user!.id, params.keyId);
      return {
        keyId: key.id, algorithm: key.algorithm, state: key.state, primaryVersion: key.primaryVersion,
        versions: versions.map((v) => ({ version: v.version, publicKey: v.publicKey, state: v.state, primary: v.version === key.primaryVersion, createdAt: v.createdAt.toISOString() })),
      };
    },
  );

  api.route(
    {
      method: 'post', path: '/api/v1/keys/:keyId/rotate', tag: TAG, auth: 'user', params: KeyIdParams,
      summary: 'Rotate a key', description: 'A new primary version from a fresh seed; older versions still verify and decrypt. At most 100 versions per key.',
      responses: {
        ...ok('The key, its new version primary'),
        ...errorResponses({ ...notYours, 409: 'key_disabled, key_pending_deletion, key_version_limit, or key_changed (rotated at the same time)', 410: 'key_destroyed' }),
      },
    },
    async ({ req, params }) => audited(req, 'key.rotated', await keyLifecycle.rotate(req.user!.id, params.keyId)),
  );

  api.route(
    {
      method: 'post', path: '/api/v1/keys/:keyId/disable', tag: TAG, auth: 'user', params: KeyIdParams,
      summary: 'Disable a key', description: 'Every operation with it is refused (409 key_disabled) until it is enabled. Disabling a disabled key changes nothing.',
      responses: { ...ok('The key, disabled'), ...errorResponses({ ...notYours, 409: 'key_pending_deletion', 410: 'key_destroyed' }) },
    },
    async ({ req, params }) => audited(req, 'key.disabled', await keyLifecycle.disable(req.user!.id, params.keyId)),
  );

  api.route(
    {
      method: 'post', path: '/api/v1/keys/:keyId/enable', tag: TAG, auth: 'user', params: KeyIdParams,
      summary: 'Enable a key', description: 'A disabled key signs again. Enabling an enabled key changes nothing.',
      responses: { ...ok('The key, enabled'), ...errorResponses({ ...notYours, 409: 'key_pending_deletion: cancel the deletion first', 410: 'key_destroyed' }) },
    },
    async ({ req, params }) => audited(req, 'key.enabled', await keyLifecycle.enable(req.user!.id, params.keyId)),
  );

  api.route(
    {
      method: 'post', path: '/api/v1/keys/:keyId/schedule-deletion', tag: TAG, auth: 'user', params: KeyIdParams, body: ScheduleDeletionRequest,
      summary: 'Schedule a key’s deletion',
      description:
        'After `days` (7 to 30) housekeeping destroys the key: every version’s seed is erased; the key, its versions’ public ' +
        'keys and the history that points to them stay, so what it signed still verifies by public key. Until then it refuses every operation.',
      responses: { ...ok('The key, pending deletion'), ...errorResponses({ ...notYours, 410: 'key_destroyed' }) },
    },
    async ({ req, params, body }) => audited(req, 'key.deletion_scheduled', await keyLifecycle.scheduleDeletion(req.user!.id, params.keyId, body.days)),
  );

  api.route(
    {
      method: 'post', path: '/api/v1/keys/:keyId/cancel-deletion', tag: TAG, auth: 'user', params: KeyIdParams,
      summary: 'Cancel a key’s deletion', description: 'The key comes back disabled: enable it to use it.',
      responses: { ...ok('The key, disabled'), ...errorResponses({ ...notYours, 409: 'key_not_pending_deletion', 410: 'key_destroyed' }) },
    },
    async ({ req, params }) => audited(req, 'key.deletion_cancelled', await keyLifecycle.cancelDeletion(req.user!.id, params.keyId)),
  );

  api.route(
    {
      method: 'patch', path: '/api/v1/keys/:keyId', tag: TAG, auth: 'user', params: KeyIdParams, body: UpdateKeyRequest,
      summary: 'Set a key’s automatic rotation', description: 'Housekeeping rotates the key every rotationPeriodDays (30 to 365) from now; null stops it.',
      responses: { ...ok('The key'), ...errorResponses({ ...notYours, 410: 'key_destroyed' }) },
    },
    async ({ req, params, body }) => audited(req, 'key.rotation_period_changed', await keyLifecycle.setRotationPeriod(req.user!.id, params.keyId, body.rotationPeriodDays)),
  );
}
