/**
 * Dilion service keys: a service's ML-KEM-768 key by sid (yours, created on first use) or by
 * serviceKeyId (anyone's: encapsulation keys are public), and registering your own key.
 */
import type { z } from 'zod';
import { DILION_PID } from '../../../shared/dilion.ts';
import { ErrorResponse } from '../../contract/common.ts';
import { PublicServiceKey, RegisterServiceKeyRequest, ServiceKey, ServiceKeyIdParams, SidParams } from '../../contract/service-keys.ts';
import { demoSessionOf } from '../demo/demo-session.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import type { ServiceKeyRow } from './service-keys.service.ts';
import type { KeyOwner } from '../signing-keys/signing-keys.service.ts';
import { PRIVACY } from '../dilion/dilion.docs.ts';


function toServiceKey(row: ServiceKeyRow): z.infer<typeof ServiceKey> {
  return {
    serviceKeyId: row.keyId,
    sid: row.sid,
    publicKey: row.publicKey,
    suite: DILION_PID.suite,
    managed: row.sealedSeed !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function serviceKeyRoutes(ctx: AppContext): void {
  const { api, serviceKeys } = ctx;
  const owned = { 200: { description: 'The service key', schema: ServiceKey }, 409: { description: 'key_limit_reached: 50 service keys already (5 for a demo visitor)', schema: ErrorResponse } };

  const bySid = async (owner: KeyOwner, sid: string) => toServiceKey(await serviceKeys.currentOrCreate(owner, sid));

  api.route(
    {
      method: 'get', path: '/api/service-keys/sid/:sid', tag: 'Dilion', auth: 'apiKey', params: SidParams,
      summary: 'Your service key for a sid', description: `Not metered. Created on first use (or by the first Dilion sign with a uid for this sid). ${PRIVACY}`,
      responses: owned,
    },
    ({ req, params }) => bySid({ userId: req.apiCaller!.userId }, params.sid),
  );

  api.route(
    {
      method: 'post', path: '/api/service-keys', tag: 'Dilion', auth: 'apiKey', body: RegisterServiceKeyRequest,
      summary: 'Register your own service key for a sid',
      description:
        'Not metered. New signatures with a uid for this sid are sealed to it; only you can open them' +
        ' (the platform never sees its decapsulation key), so verify answers not_checked unless a ' +
        'pidOpening is sent.',
      responses: owned,
    },
    async ({ req, body }) => toServiceKey(await serviceKeys.register({ userId: req.apiCaller!.userId }, body.sid, body.publicKey)),
  );

  api.route(
    {
      method: 'get', path: '/api/service-keys/:keyId', tag: 'Dilion', auth: 'none', params: ServiceKeyIdParams,
      summary: 'A service key by serviceKeyId',
      description:
        'Public: anyone may fetch the encapsulation key a pidCipher was sealed to (to check ' +
        'serviceKeyId = SHA3-256(ek), or to use a pidOpening offline).',
      responses: { 200: { description: 'The service key', schema: PublicServiceKey }, 404: { description: 'No such key', schema: ErrorResponse } },
    },
    async ({ params }) => {
      const row = await serviceKeys.byKeyId(params.keyId);
      if (!row) throw notFound('service_key_not_found', 'No service key has this serviceKeyId.', 'keyId');
      const { managed: _managed, ...rest } = toServiceKey(row);
      return rest;
    },
  );

  api.route(
    {
      method: 'get', path: '/api/demo/service-keys/sid/:sid', tag: 'Demo', auth: 'session', params: SidParams,
      summary: 'Demo: this browser session’s service key for a sid', description: 'No login; created on first use.',
      before: [ctx.limits.demo],
      responses: owned,
    },
    async ({ req, params }) => {
      return bySid({ demoSessionId: await demoSessionOf(req) }, params.sid);
    },
  );
}
