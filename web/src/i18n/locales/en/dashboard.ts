/**
 * The dashboard: overview, API keys, signing keys, operations, billing, security, your data, the key
 * inspector (docs/decisions/041). Split in parts by tab, each a file of its own under dashboard/.
 */
import overview from './dashboard/overview.ts';
import keys from './dashboard/keys.ts';
import billing from './dashboard/billing.ts';
import account from './dashboard/account.ts';
import inspector from './dashboard/inspector.ts';
import audit from './dashboard/audit.ts';

export default {
  title: 'Dashboard',
  /** Words more than one part of the dashboard uses. */
  shared: {
    loading: 'Loading',
    loadingEllipsis: 'Loading…',
    error: 'Error',
    cancel: 'Cancel',
    saving: 'Saving...',
    creating: 'Creating...',
    sending: 'Sending...',
    checking: 'Checking...',
    noAnswer: 'no answer',
    active: 'Active',
    inactive: 'Inactive',
    disabled: 'Disabled',
  },
  ...overview,
  ...keys,
  ...billing,
  ...account,
  ...inspector,
  ...audit,
} as const;
