/** The dashboards and billing arrive with their own issue; until then these routes say so, and point to the API that exists. */
import { Link } from 'wouter';

export default function Dashboard() {
  return (
    <div className="container section">
      <div className="card" style={{ maxWidth: 560, margin: '0 auto', textAlign: 'center' }}>
        <h1 style={{ fontSize: '1.8rem' }}>Dashboard</h1>
        <p className="muted">
          This page for usage, API keys and billing is not built yet. The API already serves your usage and your keys{' '}
          (<code>GET /api/usage</code>, <code>/api/keys</code>): try them, signed in, in the{' '}
          <a href="/api/docs">interactive reference</a>. Buying a plan is not possible yet. Meanwhile, try the demo.
        </p>
        <Link href="/demo" className="btn btn-primary">
          Try the demo
        </Link>
      </div>
    </div>
  );
}
