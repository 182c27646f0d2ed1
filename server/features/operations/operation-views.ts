/** A stored operation row as the API shows it: in the history list, and in the dashboard's short form. */
import type { z } from 'zod';
import type { OperationType } from '../../../shared/managed-keys.ts';
import type { CryptoOperation, DashboardOperation } from '../../contract/operations.ts';
import type { OperationRow } from './operations.service.ts';
import { jsonObject, readEncoded } from './encoded-bytes.ts';

export function toCryptoOperation(row: OperationRow): z.infer<typeof CryptoOperation> {
  return {
    id: row.id,
    algorithm: row.algorithm,
    operationType: row.operationType as OperationType,
    channel: row.channel,
    message: row.messageSha256 === null ? row.message : null,
    messageSha256: row.messageSha256,
    messageLength: row.messageLength,
    signature: readEncoded(row.signature, row.signatureBytes) ?? {},
    publicKey: readEncoded(row.publicKey, row.publicKeyBytes ?? row.keyPublicKey),
    metadata: jsonObject(row.metadata),
    verified: row.verified,
    signatureSize: row.signatureSize,
    generationTime: row.generationTime,
    verificationTime: row.verificationTime,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toDashboardOperation(row: OperationRow): z.infer<typeof DashboardOperation> {
  return {
    id: row.id,
    type: `${row.algorithm}_${row.operationType}`,
    algorithm: row.algorithm,
    operation: row.operationType,
    message: row.messageSha256 === null ? row.message : null,
    messageSha256: row.messageSha256,
    messageLength: row.messageLength,
    success: row.operationType === 'verify' ? row.verified : true,
    createdAt: row.createdAt.toISOString(),
    responseTime: row.generationTime ?? row.verificationTime ?? 0,
  };
}
