/** Placeholder until this page is built (issue 4). */
export default function Tech() {
  return (
    <div className="container section">
      <h1>Tech</h1>
    </div>
  );
}
