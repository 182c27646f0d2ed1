/**
 * Whose work an engine task is, for the pool's fair scheduling (docs/architecture.md §4,
 * docs/decisions/042): an account's calls are its own tenant, all demo traffic is one tenant, and
 * work no caller is named for (start-up, tools, tests) is one more. Account ids are UUIDs, so they
 * never equal the two fixed names.
 */

/** The rotation's unit: an account id, DEMO_TENANT or INTERNAL_TENANT. */
export type Tenant = string;

export const DEMO_TENANT: Tenant = 'demo';
export const INTERNAL_TENANT: Tenant = 'internal';

/** Who a call is for: a key owner (an account or a demo session) or an operation's source. */
export type TenantHolder = { userId: string } | { demoSessionId: string } | { channel: 'api' | 'demo'; userId: string | null };

/**
 * The tenant of a key owner or of an operation's source. A signed-in visitor's demo calls are demo
 * traffic, not their account's: the demo is one tenant whoever uses it.
 */
export function tenantOf(holder: TenantHolder): Tenant {
  if ('channel' in holder) return holder.channel === 'demo' ? DEMO_TENANT : (holder.userId ?? INTERNAL_TENANT);
  return 'userId' in holder ? holder.userId : DEMO_TENANT;
}
