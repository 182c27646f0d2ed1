/**
 * The dashboard's frame and Overview tab (docs/decisions/041): the page and its tabs, the signed-out
 * card, the account's standing, plan and usage, the usage chart, recent operations, and the first
 * dashboard layout (/dashboard-old).
 */
export default {
  page: {
    signedInAs: 'Signed in as {{who}}. Usage refreshes every 5 seconds.',
    nameAndEmail: '{{name}} ({{email}})',
    tabs: { overview: 'Overview', operations: 'Operations', billing: 'Billing', security: 'Security', data: 'Your data' },
  },
  signedOut: {
    heading: 'Authentication Required',
    lead: 'Please log in to access your dashboard',
    email: 'Log In with Email',
    other: 'Other Sign-In Options',
    newHere: 'New here? The login page also creates accounts, and offers Google sign-in when this server has it set up.',
  },
  loginRequired: { heading: 'Login Required', button: 'Go to Login' },
  accountStatus: {
    verify: 'Verify your email.',
    outbox: 'This server has no SMTP, so it kept the link for {{email}} in its outbox: open <a>/outbox</a> on the machine it runs on.',
    noMail: 'This server cannot send mail, so no link was sent to {{email}}: ask its operator.',
    sent: 'Open the link we sent to {{email}}.',
    worksBuying: 'Your plan and API keys work already; buying a plan needs a verified email.',
    works: 'Your plan and API keys work already.',
    resend: 'Send a new link',
    google: 'Sign in with Google too: <a>Link Google</a>.',
    toast: {
      sent: { title: 'Verification link sent', description: 'Check {{email}} for the new link.' },
      kept: { title: 'Verification link in the outbox', description: 'This server has no SMTP: open /outbox on the machine it runs on, and follow the link there.' },
      none: { title: 'No mail sent', description: 'This server cannot send mail: ask its operator to set SMTP_URL.' },
      failed: 'Could not send a new link',
    },
  },
  planUsage: {
    heading: 'Current Plan & Usage',
    callsUsed: 'API Calls Used',
    barLabel: 'API calls used',
    noLimit: 'No limit on calls',
    over: '{{calls}} calls over this month’s allowance, charged as overage',
    remaining: '{{calls}} calls remaining',
    remainingThisMonth: '{{calls}} calls remaining this month',
    limitReached: 'Usage limit reached - upgrade to continue',
    operatorLimit: 'Usage limit reached: ask the operator of this server for a larger plan.',
    overageOn: 'This month’s allowance is used: calls go on and each is charged {{price}} as overage.',
    readError: 'Usage could not be read just now; the figures above are the defaults.',
  },
  usageChart: {
    heading: 'API Calls This Month',
    total_one: '{{calls}} call in {{month}}',
    total_other: '{{calls}} calls in {{month}}',
    lead: 'Metered calls per day (UTC), by algorithm.',
    failed: 'The chart could not be loaded.',
    empty: 'No API calls this month yet.',
    caption: 'API calls per day in {{month}}, by algorithm',
    day: 'Day (UTC)',
  },
  format: {
    planTitle: '{{name}} Plan',
    plans: {
      free: '{{calls}} total API calls',
      perMonth: '{{calls}} calls per month',
      unlimited: 'Unlimited calls, set by this server’s operator',
    },
    noLimit: '{{used}} (no limit)',
    status: { success: '✅ Success', invalid: '⚠️ Invalid signature', failed: '⚠️ Failed' },
    browserOn: '{{browser}} on {{system}}',
  },
  operations: {
    heading: 'Recent Operations',
    autoRefresh: 'Auto-refresh: 2s',
    loading: 'Loading operations',
    emptyHeading: 'No Operations Yet',
    empty: 'Start using our APIs to see your cryptographic operations here',
    total: 'Showing latest {{shown}} operations (Total: {{total}})',
    loginRequired: 'Log in to see your operations.',
  },
  legacy: {
    heading: 'PQ Platform Dashboard',
    lead: 'The first dashboard layout, kept for reference. Everything it shows, and more, is on the <a>dashboard</a>.',
    comingSoon: 'Coming soon. The current dashboard already has it.',
    open: 'Open the dashboard',
    used: '{{calls}} API calls used',
    keys: 'API Keys',
    disabled: '(disabled)',
    logIn: 'Log in to see your plan and keys.',
  },
} as const;
