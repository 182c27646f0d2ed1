/**
 * What the Dilion privacy identifier protects and what it does not (docs/crypto/dilion.md §1,
 * §3–5), as the API binds it since decision 013: the uid sealed with HPKE to the service's
 * ML-KEM-768 key and signed inside M. The limits are stated as plainly as the guarantees, because
 * a reader deciding whether to send a user id needs both.
 */

const SIZES = [
  { part: 'Signature σ (ML-DSA-65)', bytes: '3,309' },
  { part: 'C1: ML-KEM-768 ciphertext (HPKE enc)', bytes: '1,088' },
  { part: 'C2: padded user id + 16-byte tag', bytes: '80', note: '272 for ids of 64–255 bytes' },
  { part: 'Service key id, SHA3-256 of the key', bytes: '32' },
];

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
              <b>The user id, from everyone but the service.</b> It is encrypted with HPKE (RFC 9180) to the ML-KEM-768 key of the
              service named by the sid; only the holder of that key can read it. Verifiers still check the signature, and see that it
              carries an id for that service.
            </li>
            <li>
              <b>The id’s length, up to a bucket.</b> Ids are padded to a fixed 64 bytes (ids up to 63 bytes) or 256 bytes (up to 255),
              so C2 reveals only which of the two sizes was used.
            </li>
            <li>
              <b>Against lifting and tampering.</b> The ciphertext’s associated data is the hash of the signer’s public key and of the
              message, and the ciphertext is itself signed: moved onto another signer’s signature or another message it will not open,
              and changing C1, C2 or the key id breaks the signature.
            </li>
            <li>
              <b>Disclosure one signature at a time.</b> On request the signer gets a 32-byte <code>pidOpening</code> (the encryption’s
              randomness). Whoever receives it can check the id of that one signature, and of no other.
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
              <b>The id from the service.</b> The service learns the id of every signature addressed to it and can link all of one
              user’s signatures; there is no unlinkability towards the service. Anyone given a <code>pidOpening</code> learns that
              signature’s id too.
            </li>
            <li>
              <b>The metadata.</b> HPKE with ML-KEM-768 is IND-CCA secure, so the ciphertext says nothing about the id beyond its size
              bucket; but the sid, the service key id, the signer, the message and the time of signing are all in the clear.
            </li>
            <li>
              <b>The id from the platform, when we sign for you.</b> A server-side sign call receives the id in the request (it is not
              kept in operation records); sign in your own environment if that matters.
            </li>
          </ul>
        </div>
      </div>
      <div className="card" style={{ marginTop: 16 }}>
        <h3>What a signature with a user id weighs</h3>
        <table className="spec-table">
          <tbody>
            {SIZES.map((s) => (
              <tr key={s.part}>
                <th scope="row">{s.part}</th>
                <td>
                  {s.bytes} B{s.note && <small>{s.note}</small>}
                </td>
              </tr>
            ))}
            <tr>
              <th scope="row">Total per signed message</th>
              <td>
                <b>4,509 B</b>
                <small>plus the 1,952-byte public key when it is sent along</small>
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="spec-note" style={{ marginTop: 16 }}>
        Without a user id nothing is encrypted: M starts with <code>0x00</code> and <code>pidCipher</code> is <code>"N/A"</code>. Both
        ML-DSA-65 and ML-KEM-768 are NIST category 3.
      </p>
    </>
  );
}
