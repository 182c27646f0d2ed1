/** Placeholder until this page is built (issue 4). */
export default function History() {
  return (
    <div className="container section">
      <h1>History</h1>
    </div>
  );
}
