/** Signing in and up, two-factor codes, password reset, the payment return page. */
export default {
  title: 'Account',
} as const;
