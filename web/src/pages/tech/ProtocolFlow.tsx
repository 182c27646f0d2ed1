/** Composition and protocol-flow text (docs/crypto/dilion.md, docs/crypto/qes2.md, docs/crypto/zk-fidna.md), in plain words. */

export function Composition() {
  return (
    <div className="two-col prose">
      <div className="card">
        <h3>One engine, few primitives</h3>
        <p>
          Everything runs in one WebAssembly module compiled from AssemblyScript: Keccak (SHA3, SHAKE), SHA-2 and HMAC, ML-DSA
          (FIPS 204), ML-KEM (FIPS 203), secp256k1 arithmetic with ECDSA and BIP-340, and zk-FIDNA’s Bulletproofs with RFC 9380
          hashing to the curve. The same module runs on the server and in
          your browser, so a signature made in either place is byte-for-byte the same algorithm.
        </p>
        <p style={{ margin: 0 }}>
          The engine never draws its own randomness: the host passes it in from <code>crypto.getRandomValues</code>. That keeps every
          operation reproducible from its inputs and testable against official vectors. Secret-dependent code is written without
          secret-dependent branches or memory indices; WebAssembly engines do not promise to keep that property, so constant time is
          our best effort, not a proven guarantee.
        </p>
      </div>
      <div className="card">
        <h3>How the algorithms are composed</h3>
        <p>
          <b>Dilion</b> is ML-DSA-65 with a context string per service; its privacy identifier adds an HPKE ciphertext (ML-KEM-768,
          HKDF-SHA256, ChaCha20-Poly1305) of the user id, bound into the signed message.
        </p>
        <p>
          <b>QES2</b> lets ML-DSA-65 and a secp256k1 signature sign one combined message, so breaking it needs breaking both.
        </p>
        <p style={{ margin: 0 }}>
          <b>zk-FIDNA</b> commits to amounts with Pedersen commitments, proves the statement with an aggregated Bulletproofs range
          proof, and signs the whole proof with ML-DSA-65.
        </p>
      </div>
    </div>
  );
}

export function ProtocolFlows() {
  return (
    <div className="grid grid-3">
      <div className="card">
        <h3>Dilion: sign and verify</h3>
        <ol className="steps">
          <li>
            <span>
              Build the context <code>dilion/v1|</code> + sid (default <code>default</code>).
            </span>
          </li>
          <li>
            <span>
              With a user id: pad it to 64 or 256 bytes and seal it with HPKE to the service’s ML-KEM-768 key, the associated data
              binding the signer’s key and the message; the result is C1 (1,088 B) and C2 (80 or 272 B).
            </span>
          </li>
          <li>
            <span>
              Build the message M = <code>0x00</code> ‖ UTF-8(message), or with a user id M = <code>0x01</code> ‖ service key id ‖ C1
              ‖ len(C2) ‖ C2 ‖ message.
            </span>
          </li>
          <li>
            <span>Sign M with ML-DSA-65 under that context, hedged with 32 fresh random bytes.</span>
          </li>
          <li>
            <span>
              Verifiers rebuild M and the context and run any FIPS 204 verify with the public key; the service, or whoever holds the
              signature’s <code>pidOpening</code>, also checks the user id.
            </span>
          </li>
        </ol>
      </div>
      <div className="card">
        <h3>QES2: sign and verify</h3>
        <ol className="steps">
          <li>
            <span>
              M′ = <code>CompositeAlgorithmSignatures2025</code> ‖ label ‖ len(ctx) ‖ ctx ‖ SHA-512(message).
            </span>
          </li>
          <li>
            <span>ML-DSA-65 signs M′ with the label as its context.</span>
          </li>
          <li>
            <span>secp256k1 signs SHA-256(M′): ECDSA (RFC 6979, low-S) or BIP-340 Schnorr.</span>
          </li>
          <li>
            <span>The signature is the two concatenated (3,373 B); a verifier accepts only if both halves verify.</span>
          </li>
        </ol>
      </div>
      <div className="card" data-testid="flow-zk-FIDNA">
        <h3>zk-FIDNA: prove and verify</h3>
        <ol className="steps">
          <li>
            <span>Commit to the secret amount X and the balance Y: C = v·B + r·G, with a fresh blinding r (the demo does this in your browser by default).</span>
          </li>
          <li>
            <span>Derive the values to range-check: X − 1 and Y − X for “the balance covers the amount”, or Y and X − Y − 1 for “it does not”.</span>
          </li>
          <li>
            <span>Prove both lie in [0, 2⁶⁴) with one aggregated Bulletproof; challenges come from a SHAKE256 transcript.</span>
          </li>
          <li>
            <span>
              Sign the proof bytes with ML-DSA-65. Verifiers check the proof with one multi-scalar multiplication of 278 terms, then the
              signature.
            </span>
          </li>
        </ol>
      </div>
    </div>
  );
}
