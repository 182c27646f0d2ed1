/** Shown where a signed-in session is needed and there is none (or it ended). */
import { Link } from 'wouter';

export function LoginRequired({ what }: { what: string }) {
  return (
    <div className="card empty-state" data-testid="login-required">
      <h3>Login Required</h3>
      <p className="muted">Log in to see {what}.</p>
      <Link href="/login" className="btn btn-primary">
        Go to Login
      </Link>
    </div>
  );
}
