/**
 * The signed-out dashboard: 'Authentication Required'. The second button is the hosted sign-in,
 * /api/login, which in this product leads to the login page; its label says what is there rather
 * than naming a provider the product does not have (docs/decisions/019).
 */
export function SignedOutCard() {
  return (
    <div className="dashboard-page">
      <div className="card signed-out-card" data-testid="auth-required">
        <h1>Authentication Required</h1>
        <p className="muted">Please log in to access your dashboard</p>
        <div className="row signed-out-actions">
          <a href="/login" className="btn btn-primary">
            Log In with Email
          </a>
          <a href="/api/login" className="btn btn-secondary">
            Other Sign-In Options
          </a>
        </div>
        <p className="muted small">New here? The login page also creates accounts, and offers Google sign-in when this server has it set up.</p>
      </div>
    </div>
  );
}
