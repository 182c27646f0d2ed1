/**
 * Signing in and up, two-factor codes, password reset, the payment return page (docs/decisions/041).
 * Texts with a link are rendered with react-i18next's Trans: its parser reads HTML, so the tags are
 * names no HTML element has (<terms>, <privacy>) or <a>, each closed, never a void name like <link>.
 * The API's own sentences stay English: `refused` texts wrap them as {{reason}}, unchanged.
 */
export default {
  title: 'Account',
  hero: {
    title: 'Quantum-safe cryptography for your product',
    lead: 'One account gives you API keys and metered usage for every live algorithm, and {{free}} free calls to start.',
    points: {
      mlDsa: 'ML-DSA-65 signatures (NIST FIPS 204)',
      hybrid: 'Hybrid signatures for ECDSA and Taproot systems',
      zk: 'Zero-knowledge balance and range proofs',
    },
    stats: {
      algorithms: 'Algorithms live',
      free: 'Free calls',
      overage: 'Per call past a plan',
    },
  },
  card: {
    title: 'Access Your Account',
    lead: 'Sign in, or create an account in under a minute.',
    confirmEmail: 'Sign in to the account whose email you are changing: the new address takes effect as soon as you are in.',
    verify: 'Sign in to the account this verification link was sent for: its email is verified as soon as you are in.',
    googleLinkRequired:
      'An account with this email exists, so Google sign-in does not open it by itself. Sign in with its password, then link Google from your dashboard; if the account is not yours, reset its password from “Forgot password?”.',
    googleFailed: 'Google sign-in did not complete. Try again, or use your email and password.',
    tabs: 'Account',
    signIn: 'Sign In',
    signUp: 'Sign Up',
    or: 'OR',
    agree: 'By continuing you agree to our <terms>Terms of Service</terms> and <privacy>Privacy Policy</privacy>.',
  },
  fields: {
    email: 'Email',
    password: 'Password',
    emailPlaceholder: 'you@company.com',
  },
  signIn: {
    form: 'Sign in',
    passwordPlaceholder: 'Your password',
    submit: 'Sign In',
    pending: 'Signing In...',
    forgot: 'Forgot password?',
  },
  signUp: {
    form: 'Sign up',
    fullName: 'Full Name',
    namePlaceholder: 'Ada Lovelace',
    passwordPlaceholder: 'At least {{min}} characters',
    confirmPassword: 'Confirm Password',
    confirmPlaceholder: 'Repeat the password',
    terms: 'Creating an account accepts the <terms>Terms of Service</terms> and the <privacy>Privacy Policy</privacy>.',
    submit: 'Create Account',
    pending: 'Creating Account...',
    mismatch: "Passwords don't match!",
    sent: 'We sent a message to {{email}}. If this address already has an account, sign in with its password, or choose a new one with “Forgot password?”.',
  },
  twoFactor: {
    form: 'Two-factor code',
    lead: 'Your password is right. Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
    code: 'Code',
    tooShort: 'Enter the 6 digits your app shows, or a recovery code.',
    submit: 'Continue',
    pending: 'Checking...',
    restart: 'Use another account',
  },
  google: {
    button: 'Continue with Google',
    off: 'Google sign-in is not configured on this server. Use email and password.',
    checking: 'Checking whether Google sign-in is available…',
    unavailable: 'Continue with Google (unavailable): {{reason}}',
  },
  validation: {
    emailRequired: 'Email is required',
    emailShape: 'Enter a valid email address',
    passwordRequired: 'Password is required',
    passwordLength: 'Password must be at least {{min}} characters',
    fullNameRequired: 'Full name is required',
    confirmRequired: 'Confirm your password',
  },
  /** English shows the server's sentence as it comes (docs/product.md §8); another language says first what failed. */
  refused: {
    signIn: { reason: '{{reason}}', server: 'Login failed', network: 'Login failed. Please try again.' },
    signUp: { reason: '{{reason}}', server: 'Registration failed', network: 'Registration failed. Please try again.' },
    twoFactor: { reason: '{{reason}}', server: 'The code was not accepted', network: 'Sign-in failed. Please try again.' },
    resetRequest: { reason: '{{reason}}', server: 'The request could not be sent: try again.', network: 'The request could not be sent: try again.' },
    resetComplete: { reason: '{{reason}}', server: 'The password could not be set: try again.', network: 'The password could not be set: try again.' },
    /** The password policy's refusal (a 400 validation_error on `password`): zxcvbn's words, in English. */
    password: '{{reason}}',
  },
  reset: {
    requestTitle: 'Forgot your password?',
    requestLead: 'We send a link to choose a new one to the email of your account. It works once, for 30 minutes.',
    chooseTitle: 'Choose a new password',
    chooseLead: 'Pick a password you do not use anywhere else.',
    back: 'Back to sign in',
    request: {
      form: 'Ask for a password-reset link',
      email: 'Email of your account',
      submit: 'Send me a link',
      pending: 'Sending...',
      /** The server's answer (RESET_REQUESTED), the same whatever the address; a unit test keeps them equal. */
      requested: 'If an account has this email, a link to choose a new password is on its way; it works for 30 minutes.',
      outbox: 'This server has no SMTP: the mail is in its <a>outbox</a>, on the machine it runs on.',
      noMail: 'This server cannot send mail, so no link will arrive: ask its operator.',
    },
    choose: {
      form: 'Choose a new password',
      password: 'New password',
      confirm: 'Confirm new password',
      mismatch: 'The two passwords differ.',
      submit: 'Set new password',
      pending: 'Saving...',
      done: 'Your new password is set, and every session of your account was signed out. <a>Sign in</a> with it.',
    },
  },
  payment: {
    none: 'No payment here',
    noneText: 'This page shows the result of a PayPal payment; there is none in its address.',
    closing: 'This window closes by itself.',
    billing: 'Go to Billing',
  },
} as const;
