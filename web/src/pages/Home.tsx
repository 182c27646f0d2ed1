/** Placeholder until this page is built (issue 4). */
export default function Home() {
  return (
    <div className="container section">
      <h1>Home</h1>
    </div>
  );
}
