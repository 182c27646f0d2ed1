/** Placeholder until this page is built (issue 4). */
export default function Demo() {
  return (
    <div className="container section">
      <h1>Demo</h1>
    </div>
  );
}
