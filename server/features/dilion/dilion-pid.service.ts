/**
 * Dilion's privacy identifier on the server (docs/crypto/dilion.md §3–4): sealing a uid to the
 * service key when signing, reading a pidCipher sent to verify, and the identity check — by the
 * owner of the service key, or by anyone holding the signature's pidOpening.
 */
import { timingSafeEqual } from 'node:crypto';
import { DILION_PID, dilionPidMessage, padUid } from '../../../shared/dilion.ts';
import type { EnginePool } from '../../engine/pool.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { ServiceKeyRow, ServiceKeyService } from '../service-keys/service-keys.service.ts';
import type { KeyOwner } from '../signing-keys/signing-keys.service.ts';

export interface PidCipherJson {
  C1: string;
  C2: string;
  serviceKeyId: string;
  suite: typeof DILION_PID.suite;
}

export interface PidSeal {
  serviceKey: ServiceKeyRow;
  paddedUid: Uint8Array;
  includeOpening: boolean;
}

export interface ParsedPidCipher {
  json: PidCipherJson;
  c1: Uint8Array;
  c2: Uint8Array;
  serviceKeyId: Uint8Array;
}

/** Who can check the uid: the owner with the service's seed, or anyone with the signature's opening. */
export type IdentityCheck = { paddedUid: Uint8Array } & ({ kind: 'owner'; row: ServiceKeyRow } | { kind: 'opening'; opening: Uint8Array; serviceKey: Uint8Array });

export type Identity = 'match' | 'mismatch' | 'not_checked';

const b64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));

/** The uid padded as sealed, or a 400 naming `param`. */
export function paddedUid(uid: string, param = 'uid'): Uint8Array {
  const padded = padUid(uid);
  if (!padded) throw badRequest('uid_too_long', `${param} must be at most ${DILION_PID.maxUidBytes} bytes of UTF-8 (NFC).`, param);
  return padded;
}

/** Sizes checked as docs/crypto/dilion.md §4.1 asks; each mistake names its field. */
export function parsePidCipher(input: { C1: string; C2: string; serviceKeyId: string }, param: string): ParsedPidCipher {
  const c1 = b64(input.C1);
  if (c1.length !== DILION_PID.c1Length) {
    throw badRequest('invalid_pid_cipher', `${param}.C1 must be ${DILION_PID.c1Length} bytes (got ${c1.length}).`, `${param}.C1`);
  }
  const c2 = b64(input.C2);
  if (!DILION_PID.c2Lengths.includes(c2.length)) {
    throw badRequest('invalid_pid_cipher', `${param}.C2 must be 80 or 272 bytes (got ${c2.length}).`, `${param}.C2`);
  }
  const json = { C1: input.C1, C2: input.C2, serviceKeyId: input.serviceKeyId, suite: DILION_PID.suite };
  return { json, c1, c2, serviceKeyId: new Uint8Array(Buffer.from(input.serviceKeyId, 'hex')) };
}

export const pidMessage = (cipher: ParsedPidCipher, message: string) => dilionPidMessage(cipher.serviceKeyId, cipher.c1, cipher.c2, message);

export class PidService {
  constructor(
    private readonly pool: EnginePool,
    private readonly serviceKeys: ServiceKeyService,
  ) {}

  async prepareSeal(owner: KeyOwner, sid: string, uid: string, includeOpening: boolean): Promise<PidSeal> {
    const padded = paddedUid(uid);
    return { serviceKey: await this.serviceKeys.currentOrCreate(owner, sid), paddedUid: padded, includeOpening };
  }

  /** The order of docs/crypto/dilion.md §4.3: the service key's owner first, then a pidOpening, else nothing to check. */
  prepareIdentity(owner: KeyOwner, sid: string, cipher: ParsedPidCipher, uid: string | undefined, opening: string | undefined): IdentityCheck | null {
    if (uid === undefined) return null;
    const padded = paddedUid(uid);
    const row = this.serviceKeys.openable(owner, cipher.json.serviceKeyId, sid);
    if (row) return { kind: 'owner', row, paddedUid: padded };
    if (opening === undefined) return null;
    const m = b64(opening);
    if (m.length !== DILION_PID.openingLength) {
      throw badRequest('invalid_pid_opening', `pidOpening must be ${DILION_PID.openingLength} bytes (got ${m.length}).`, 'pidOpening');
    }
    const key = this.serviceKeys.byKeyId(cipher.json.serviceKeyId);
    if (!key) throw notFound('service_key_not_found', 'No service key has this serviceKeyId, so the pidOpening cannot be checked.', 'pidCipher.serviceKeyId');
    return { kind: 'opening', opening: m, serviceKey: b64(key.publicKey), paddedUid: padded };
  }

  async identity(check: IdentityCheck, cipher: ParsedPidCipher, sid: string, signerPublicKey: Uint8Array, message: string): Promise<Identity> {
    const seed = check.kind === 'owner' ? this.serviceKeys.seedOf(check.row) : null;
    try {
      const { plaintext } = await this.pool.run('dilionOpenPid', {
        with: seed ? { seed } : { opening: (check as { opening: Uint8Array }).opening, serviceKey: (check as { serviceKey: Uint8Array }).serviceKey },
        c1: cipher.c1,
        c2: cipher.c2,
        sid,
        signerPublicKey,
        message,
      });
      // A pidCipher that does not open (moved, tampered, wrong key) counts as a mismatch (docs/crypto/dilion.md §4.3).
      if (!plaintext || plaintext.length !== check.paddedUid.length) return 'mismatch';
      return timingSafeEqual(plaintext, check.paddedUid) ? 'match' : 'mismatch';
    } finally {
      seed?.fill(0);
    }
  }
}
