/**
 * The demo benchmark's server side (docs/product.md §2.5, docs/decisions/040): one call runs a
 * stretch of a run's operations on the server, one after another, and answers each one's times.
 * The server makes the inputs itself (the benchmark's messages and statements, docs/product.md §7),
 * so the route signs nothing a caller chose.
 */
import { z } from 'zod';
import { SCHEME_IDS } from '../../shared/schemes.ts';

/** The most operations a benchmark run has, and so the most one call may ask for. */
export const BENCHMARK_MAX_OPERATIONS = 500;

const max = BENCHMARK_MAX_OPERATIONS;

const OperationNumber = (description: string) =>
  z
    // A missing field keeps zod's own issue, which the API words as "'count' is required." (server/http/validation.ts).
    .number({ error: (issue) => (issue.input === undefined ? undefined : 'must be a number') })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(max, { message: `must be at most ${max}` })
    .meta({ description });

export const DemoBenchmarkRequest = z
  .strictObject({
    algorithm: z.enum(SCHEME_IDS, { message: `must be one of ${SCHEME_IDS.join(', ')}` }).meta({ description: 'The algorithm to benchmark.' }),
    count: OperationNumber(`Operations to run in this call, 1 to ${max}.`),
    first: OperationNumber('The number of the first operation (its message is "Benchmark test <first>"); default 1.').default(1),
  })
  .refine((b) => b.first + b.count - 1 <= max, {
    message: `first + count − 1 must be at most ${max}: a benchmark run has at most ${max} operations`,
    path: ['count'],
  })
  .meta({ id: 'DemoBenchmarkRequest' });

const Ms = (description: string) => z.number().nonnegative().meta({ description });

export const DemoBenchmarkOperation = z
  .object({
    index: z.int().meta({ description: 'The operation’s number in the run.' }),
    ok: z.boolean().meta({ description: 'Both steps ran and the verify said valid.' }),
    signMs: Ms('The server’s own time for the sign (or prove) step, ms: prepare, engine, record committed; 0 when the operation failed.'),
    verifyMs: Ms('The same for the verify step.'),
    engineSignMs: z.number().nonnegative().nullable().meta({ description: 'The engine worker’s time for the sign (or prove) step, ms.' }),
    engineVerifyMs: z.number().nonnegative().nullable().meta({ description: 'The engine worker’s time for the verify step, ms.' }),
    size: z.int().nullable().meta({ description: 'Bytes of the signature, or of the proof without its attestation.' }),
    error: z.string().optional().meta({ description: 'Why the operation failed.' }),
  })
  .meta({ id: 'DemoBenchmarkOperation' });

export const DemoBenchmarkResponse = z
  .object({
    algorithm: z.enum(SCHEME_IDS),
    operations: z.array(DemoBenchmarkOperation).max(max).meta({ description: 'One per operation run, in order; fewer than asked only when the caller went away.' }),
    serverMs: Ms('The server’s time for the whole call, from its validated input to its answer, ms: the round trip minus this is network and HTTP.'),
  })
  .meta({ id: 'DemoBenchmarkResponse' });
