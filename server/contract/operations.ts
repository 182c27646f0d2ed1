/** Stored operations as the history page, the dashboard and the key inspector read them (docs/product.md §3). */
import { z } from 'zod';
import { OPERATION_TYPES } from '../../shared/managed-keys.ts';
import { Timestamp } from './common.ts';

export const CryptoOperation = z
  .object({
    id: z.number().int(),
    algorithm: z.string(),
    operationType: z.enum(OPERATION_TYPES).meta({ description: 'sign, verify, prove; an ML-KEM-768 key’s encapsulate, decapsulate, seal, open, generate-data-key (sizes only in metadata)' }),
    channel: z.enum(['api', 'demo']),
    message: z.string().nullable().meta({ description: 'The message as sent; null when the account keeps only its digest (docs/api.md §12, history)' }),
    messageSha256: z.string().nullable().meta({ description: 'Hex SHA-256 of the message’s UTF-8 bytes, when only the digest is kept' }),
    messageLength: z.number().int().nullable().meta({ description: 'UTF-8 bytes of the message, when only the digest is kept' }),
    signature: z.record(z.string(), z.unknown()),
    publicKey: z.record(z.string(), z.unknown()).nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    verified: z.boolean(),
    signatureSize: z.number().nullable().meta({ description: 'Bytes' }),
    generationTime: z.number().nullable().meta({ description: 'Engine milliseconds' }),
    verificationTime: z.number().nullable().meta({ description: 'Engine milliseconds' }),
    createdAt: Timestamp,
  })
  .meta({ id: 'CryptoOperation' });

export const CryptoOperationList = z.array(CryptoOperation).meta({ id: 'CryptoOperationList' });

/** The dashboard's list entry (docs/product.md §3, "a dashboard operation"). */
export const DashboardOperation = z
  .object({
    id: z.number().int(),
    type: z.string().meta({ description: 'algorithm_operation, e.g. dilion_sign' }),
    algorithm: z.string(),
    operation: z.string(),
    message: z.string().nullable().meta({ description: 'The message as sent; null when the account keeps only its digest (docs/api.md §12, history)' }),
    messageSha256: z.string().nullable().meta({ description: 'Hex SHA-256 of the message’s UTF-8 bytes, when only the digest is kept' }),
    messageLength: z.number().int().nullable().meta({ description: 'UTF-8 bytes of the message, when only the digest is kept' }),
    success: z.boolean().meta({ description: 'A sign that completed, or a verify that found the signature valid.' }),
    createdAt: Timestamp,
    responseTime: z.number().meta({ description: 'Engine milliseconds' }),
  })
  .meta({ id: 'DashboardOperation' });

export const DashboardOperationList = z.array(DashboardOperation).meta({ id: 'DashboardOperationList' });

const Averages = z.object({
  algorithm: z.string(),
  operations: z.number().int(),
  averageSignatureSize: z.number().meta({ description: 'Bytes, over sign operations' }),
  averageGenerationTime: z.number().meta({ description: 'Milliseconds' }),
  averageVerificationTime: z.number().meta({ description: 'Milliseconds' }),
});

export const Performance = z
  .object({
    averageSignatureSize: z.number(),
    averageGenerationTime: z.number(),
    averageVerificationTime: z.number(),
    operations: z.number().int(),
    byAlgorithm: z.array(Averages),
  })
  .meta({ id: 'Performance', description: 'Real averages from stored operations; zeros before any.' });

/** The dashboard's Operations tab in one call: the latest few and how many there are in all. */
export const RecentOperations = z
  .object({
    operations: DashboardOperationList.meta({ description: 'The latest 10, newest first' }),
    total: z.number().int().meta({ description: 'All of your operations (API and demo)' }),
  })
  .meta({ id: 'RecentOperations' });
