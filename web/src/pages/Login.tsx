/** Placeholder until this page is built (issue 4). */
export default function Login() {
  return (
    <div className="container section">
      <h1>Login</h1>
    </div>
  );
}
