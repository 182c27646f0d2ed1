/** The dashboard's data shapes, inferred from the server's contract so the two cannot drift. */
import type { z } from 'zod';
import type { KeyOperations, KeyUsage } from '../../../../server/contract/debug.ts';
import type { ApiKey, RevealedSecret } from '../../../../server/contract/api-keys.ts';
import type { RecentOperations } from '../../../../server/contract/operations.ts';
import type { BillingSummary } from '../../../../server/contract/payments.ts';
import type { PlanApiKey, Purchase, PurchasesResponse } from '../../../../server/contract/purchases.ts';
import type { SigningKeyExport } from '../../../../server/contract/signing-keys.ts';
import type { ManagedKey, ManagedKeyList } from '../../../../server/contract/keys.ts';
import type { DailyUsage, UsageSummary } from '../../../../server/contract/usage.ts';

export type Usage = z.infer<typeof UsageSummary>;
export type Daily = z.infer<typeof DailyUsage>;
export type ApiKeyView = z.infer<typeof ApiKey>;
export type Revealed = z.infer<typeof RevealedSecret>;
export type Recent = z.infer<typeof RecentOperations>;
export type DashboardOperation = Recent['operations'][number];
export type PurchaseView = z.infer<typeof Purchase>;
export type PlanKeyView = z.infer<typeof PlanApiKey>;
export type Purchases = z.infer<typeof PurchasesResponse>;
/** A managed key, signing or encryption, as GET /api/v1/keys lists it (docs/decisions/054). */
export type SigningKeyView = z.infer<typeof ManagedKey>;
export type ManagedKeysView = z.infer<typeof ManagedKeyList>;
export type SigningKeyExported = z.infer<typeof SigningKeyExport>;
export type InspectedUsage = z.infer<typeof KeyUsage>;
export type InspectedOperations = z.infer<typeof KeyOperations>;
export type BillingView = z.infer<typeof BillingSummary>;
