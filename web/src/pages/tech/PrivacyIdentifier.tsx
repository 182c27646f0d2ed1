/** What the Dilion privacy identifier protects and what it does not (design/algorithms.md §3.1, §3.3). */

export function PrivacyIdentifier() {
  return (
    <>
      <div className="two-col yes-no">
        <div className="card">
          <h3>
            <span className="badge badge-success">Protects</span>
          </h3>
          <ul>
            <li>
              <b>Which user signed, from everyone but the service.</b> The user id is encrypted to the service’s ML-KEM-768 key; only
              that service can open it.
            </li>
            <li>
              <b>The id’s length.</b> Ids are padded to 64 or 256 bytes before encryption.
            </li>
            <li>
              <b>Linking across signatures.</b> Each encryption is randomised, so two signatures for the same user carry unrelated
              ciphertexts.
            </li>
            <li>
              <b>Lifting.</b> The ciphertext is bound to the signer’s key and to the message; it does not open on another signature.
            </li>
          </ul>
        </div>
        <div className="card">
          <h3>
            <span className="badge badge-danger">Does not protect</span>
          </h3>
          <ul>
            <li>
              <b>Who the signer is.</b> The signer’s public key is public and every signature verifies against it; this is not a group
              or ring signature.
            </li>
            <li>
              <b>The id from the service it is addressed to</b>, or from anyone the signer hands a per-signature opening.
            </li>
            <li>
              <b>The id from the platform, when we sign for you.</b> A server-side sign call receives the id in the request; sign in
              your own environment if that matters.
            </li>
            <li>
              <b>The message.</b> The signed message is not encrypted.
            </li>
          </ul>
        </div>
      </div>
      <p className="spec-note" style={{ marginTop: 16 }}>
        Status: today’s API signs without binding a user id (<code>pidCipher: "N/A"</code>, message version <code>0x00</code>); the
        encrypted identifier is being added next, with the layout above.
      </p>
    </>
  );
}
