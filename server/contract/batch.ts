/**
 * The shape of every batch call (docs/decisions/053-signing-by-digest-and-in-batches.md): a list
 * of items, each the body of the single call it stands for, and one answer naming each item by
 * its index, with its result or its error, and how many items were charged. Sign batches use it
 * first; zk-FIDNA's verify batch takes the same shape with its own item schema and bound.
 */
import { z } from 'zod';

/** The most items one batch call may carry, unless its route takes a smaller bound. */
export const MAX_BATCH_ITEMS = 100;

/** A batch request of `item`s: 1 to `max` of them, answered by index in this order. */
export const BatchRequest = <I extends z.ZodType>(item: I, max: number = MAX_BATCH_ITEMS) =>
  z.strictObject({
    items: z
      .array(item)
      .min(1, { message: 'must hold at least one item' })
      .max(max, { message: `must hold at most ${max} items: split the batch` })
      .meta({ description: `1 to ${max} items, each answered by its index.` }),
  });

/** Why an item was not answered: its code and a sentence, as an error response's (never charged). */
export const BatchItemError = z
  .object({
    code: z.string().meta({ description: 'usage_limit_reached, overage_unpaid, spending_limit_reached, engine_unavailable, …' }),
    message: z.string(),
  })
  .meta({ id: 'BatchItemError' });

/** An item's result (its index added to `result`'s fields) or its error. */
export const BatchItemResult = <R extends z.ZodObject>(result: R) =>
  z.union([
    result.extend({ index: z.number().int().min(0) }),
    z.object({ index: z.number().int().min(0), error: BatchItemError }),
  ]);

/** The batch's answer: every item by index, in order, and how many were answered and charged. */
export const BatchResponse = <R extends z.ZodObject>(result: R) =>
  z.object({
    results: z.array(BatchItemResult(result)),
    charged: z.number().int().min(0).meta({ description: 'Items answered, each charged as one call; refused items cost nothing.' }),
  });
