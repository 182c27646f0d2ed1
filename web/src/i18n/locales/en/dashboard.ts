/** The dashboard: overview, API keys, signing keys, operations, billing, security, your data, the key inspector. */
export default {
  title: 'Dashboard',
} as const;
