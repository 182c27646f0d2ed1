/** Placeholder until this page is built (issue 4). */
export default function TestPlans() {
  return (
    <div className="container section">
      <h1>TestPlans</h1>
    </div>
  );
}
