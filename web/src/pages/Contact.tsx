/** Placeholder until this page is built (issue 4). */
export default function Contact() {
  return (
    <div className="container section">
      <h1>Contact</h1>
    </div>
  );
}
