/** The dashboards and billing arrive with their own issue; until then these routes say so. */
import { Link } from 'wouter';

export default function Dashboard() {
  return (
    <div className="container section">
      <div className="card" style={{ maxWidth: 560, margin: '0 auto', textAlign: 'center' }}>
        <h1 style={{ fontSize: '1.8rem' }}>Dashboard</h1>
        <p className="muted">Usage, API keys and billing are coming to this page soon. Meanwhile, try the demo.</p>
        <Link href="/demo" className="btn btn-primary">
          Try the demo
        </Link>
      </div>
    </div>
  );
}
