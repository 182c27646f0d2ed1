/** Placeholder until this page is built (issue 4). */
export default function ApiDocs() {
  return (
    <div className="container section">
      <h1>ApiDocs</h1>
    </div>
  );
}
