/** /login (docs/product.md §2.12): hero panel, and the 'Access Your Account' card with Sign In / Sign Up and Google. */
import { Link, useSearch } from 'wouter';
import { Tabs } from '../components/ui/Tabs.tsx';
import { dollars, OVERAGE_CENTS_PER_CALL, planOf } from '../../../shared/plans.ts';
import { ALGORITHMS } from '../demo/algorithms.ts';
import '../styles/forms.css';
import { GoogleButton } from './login/GoogleButton.tsx';
import { SignInForm } from './login/SignInForm.tsx';
import { SignUpForm } from './login/SignUpForm.tsx';

function HeroPanel() {
  return (
    <aside className="auth-hero">
      <div className="eyebrow" style={{ color: '#c4b5fd' }}>PQ Platform</div>
      <h1>Quantum-safe cryptography for your product</h1>
      <p>One account gives you API keys and metered usage for every live algorithm, and 100 free calls to start.</p>
      <ul>
        <li>ML-DSA-65 signatures (NIST FIPS 204)</li>
        <li>Hybrid signatures for ECDSA and Taproot systems</li>
        <li>Zero-knowledge balance and range proofs</li>
      </ul>
      <div className="auth-stats">
        <div className="auth-stat">
          <strong>{ALGORITHMS.length}</strong>
          <span>Algorithms live</span>
        </div>
        {/* Only figures the server backs (docs/product.md §12: no uptime or support hours are promised). */}
        <div className="auth-stat">
          <strong>{planOf('free').usageLimit}</strong>
          <span>Free calls</span>
        </div>
        <div className="auth-stat">
          <strong>{dollars(OVERAGE_CENTS_PER_CALL)}</strong>
          <span>Per call past a plan</span>
        </div>
      </div>
    </aside>
  );
}

export default function Login() {
  const params = new URLSearchParams(useSearch());
  const error = params.get('error');
  const googleFailed = error === 'google';
  const googleLinkRequired = error === 'google_link_required';
  // A verification link opened while signed out comes here first: it verifies once its account signs in (docs/decisions/037).
  const verifyToken = params.get('verify');
  const confirmEmailToken = params.get('confirmEmail');
  // Where the sign-in continues: only these two server routes, never an address from the query string.
  const then = verifyToken
    ? `/api/auth/verify-email?token=${encodeURIComponent(verifyToken)}`
    : confirmEmailToken
      ? `/api/auth/email/confirm?token=${encodeURIComponent(confirmEmailToken)}`
      : undefined;
  return (
    <div className="container auth-page">
      <HeroPanel />
      <section className="card auth-card" aria-labelledby="auth-title">
        <h2 id="auth-title">Access Your Account</h2>
        <p className="muted" style={{ margin: 0 }}>
          Sign in, or create an account in under a minute.
        </p>
        {confirmEmailToken && (
          <div className="alert alert-info" role="status" style={{ marginTop: 16 }} data-testid="confirm-email-sign-in">
            Sign in to the account whose email you are changing: the new address takes effect as soon as you are in.
          </div>
        )}
        {verifyToken && (
          <div className="alert alert-info" role="status" style={{ marginTop: 16 }} data-testid="verify-sign-in">
            Sign in to the account this verification link was sent for: its email is verified as soon as you are in.
          </div>
        )}
        {googleLinkRequired && (
          <div className="alert alert-danger" role="alert" style={{ marginTop: 16 }}>
            An account with this email exists, so Google sign-in does not open it by itself. Sign in with its password, then link
            Google from your dashboard; if the account is not yours, reset its password from “Forgot password?”.
          </div>
        )}
        {googleFailed && (
          <div className="alert alert-danger" role="alert" style={{ marginTop: 16 }}>
            Google sign-in did not complete. Try again, or use your email and password.
          </div>
        )}
        <Tabs
          label="Account"
          tabs={[
            { value: 'signin', label: 'Sign In', content: <SignInForm then={then} awaitingCode={params.get('twoFactor') === '1'} /> },
            { value: 'signup', label: 'Sign Up', content: <SignUpForm /> },
          ]}
        />
        <div className="separator">OR</div>
        <GoogleButton />
        <p className="auth-footer">
          By continuing you agree to our{' '}
          {/* The terms are docs/product.md §12, at /terms; the privacy policy is docs/product.md §11, at /privacy. */}
          <Link href="/terms">Terms of Service</Link> and <Link href="/privacy">Privacy Policy</Link>.
        </p>
      </section>
    </div>
  );
}
