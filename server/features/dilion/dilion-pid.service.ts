/**
 * Dilion's privacy identifier on the server (docs/crypto/dilion.md §3–4): which service key a uid
 * is sealed to when signing, and the identity check when verifying — by the owner of the service
 * key, or by anyone holding the signature's pidOpening. The sealing and opening themselves are the
 * engine's (engine.dilion, in the worker pool).
 */
import { timingSafeEqual } from 'node:crypto';
import { DILION_PID, padUid, type PidCipherParts, type PidCipherResponse } from '../../../shared/dilion.ts';
import type { EnginePool } from '../../engine/pool.ts';
import type { Tenant } from '../../engine/tenant.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { ServiceKeyRow, ServiceKeyService } from '../service-keys/service-keys.service.ts';
import type { KeyOwner } from '../signing-keys/signing-keys.service.ts';

/** A uid to seal at signing: to the caller's service key of the sid. */
export interface PidSeal {
  serviceKey: ServiceKeyRow;
  uid: string;
  includeOpening: boolean;
}

/** A pidCipher sent to verify: its JSON (echoed back) and its bytes. */
export interface ReceivedPidCipher {
  json: PidCipherResponse;
  bytes: PidCipherParts;
}

/** Who can check the uid: the owner with the service's seed, or anyone with the signature's opening. */
export type IdentityCheck = { uid: string } & ({ kind: 'owner'; row: ServiceKeyRow } | { kind: 'opening'; opening: Uint8Array; serviceKey: Uint8Array });

export type Identity = 'match' | 'mismatch' | 'not_checked';

const b64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));

/** The uid padded as it is sealed, or a 400 naming `param`. */
function paddedUid(uid: string, param = 'uid'): Uint8Array {
  const padded = padUid(uid);
  if (!padded) throw badRequest('uid_too_long', `${param} must be at most ${DILION_PID.maxUidBytes} bytes of UTF-8 (NFC).`, param);
  return padded;
}

export class PidService {
  constructor(
    private readonly pool: EnginePool,
    private readonly serviceKeys: ServiceKeyService,
  ) {}

  async prepareSeal(owner: KeyOwner, sid: string, uid: string, includeOpening: boolean): Promise<PidSeal> {
    paddedUid(uid);
    return { serviceKey: await this.serviceKeys.currentOrCreate(owner, sid), uid, includeOpening };
  }

  /** The order of docs/crypto/dilion.md §4.3: the service key's owner first, then a pidOpening, else nothing to check. */
  async prepareIdentity(owner: KeyOwner, sid: string, cipher: ReceivedPidCipher, uid: string | undefined, opening: string | undefined): Promise<IdentityCheck | null> {
    if (uid === undefined) return null;
    paddedUid(uid);
    const row = await this.serviceKeys.openable(owner, cipher.json.serviceKeyId, sid);
    if (row) return { kind: 'owner', row, uid };
    if (opening === undefined) return null;
    const m = b64(opening);
    if (m.length !== DILION_PID.openingLength) {
      throw badRequest('invalid_pid_opening', `pidOpening must be ${DILION_PID.openingLength} bytes (got ${m.length}).`, 'pidOpening');
    }
    const key = await this.serviceKeys.byKeyId(cipher.json.serviceKeyId);
    if (!key) throw notFound('service_key_not_found', 'No service key has this serviceKeyId, so the pidOpening cannot be checked.', 'pidCipher.serviceKeyId');
    return { kind: 'opening', opening: m, serviceKey: b64(key.publicKey), uid };
  }

  /** `tenant`: whose turn in the engine pool the opening takes (the verifying call's, engine/tenant.ts). */
  async identity(check: IdentityCheck, cipher: ReceivedPidCipher, sid: string, signerPublicKey: Uint8Array, message: string, tenant: Tenant): Promise<Identity> {
    const seed = check.kind === 'owner' ? this.serviceKeys.seedOf(check.row) : null;
    try {
      const { uid } = await this.pool.run('dilionOpenPid', {
        with: seed ? { seed } : { opening: (check as { opening: Uint8Array }).opening, serviceKey: (check as { serviceKey: Uint8Array }).serviceKey },
        pidCipher: cipher.bytes,
        sid,
        signerPublicKey,
        message,
      }, tenant);
      // A pidCipher that does not open (moved, tampered, wrong key) counts as a mismatch (docs/crypto/dilion.md §4.3).
      if (uid === null) return 'mismatch';
      // Compared in their padded form: equal lengths, so the comparison itself takes constant time.
      const opened = padUid(uid)!;
      const expected = paddedUid(check.uid);
      return opened.length === expected.length && timingSafeEqual(opened, expected) ? 'match' : 'mismatch';
    } finally {
      seed?.fill(0);
    }
  }
}
