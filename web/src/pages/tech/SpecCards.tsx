/**
 * The three specification cards with the real figures of docs/crypto/dilion.md §5, docs/crypto/qes2.md §3 and
 * docs/crypto/zk-fidna.md §10, and times measured by bench/README.md
 * (not the prototype's "2.5 KB key, 2.8 KB signature, +20 %, 300-byte proof, trusted CRS").
 */
import type { ReactNode } from 'react';
import { HybridIcon, LatticeIcon, ProofIcon } from '../home/icons.tsx';

interface Row {
  label: string;
  value: ReactNode;
  note?: ReactNode;
}

function SpecCard(props: { icon: ReactNode; title: string; subtitle: string; rows: Row[]; footer: ReactNode }) {
  const { icon, title, subtitle, rows, footer } = props;
  return (
    <article className="card spec-card" data-testid={`spec-${title}`}>
      <header>
        <div className="icon-bubble">{icon}</div>
        <div>
          <h3 style={{ margin: 0 }}>{title}</h3>
          <p>{subtitle}</p>
        </div>
      </header>
      <table className="spec-table">
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              <td>
                {r.value}
                {r.note && <small>{r.note}</small>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {footer}
    </article>
  );
}

export function SpecCards() {
  return (
    <div className="grid grid-3">
      <SpecCard
        icon={<LatticeIcon />}
        title="Dilion"
        subtitle="ML-DSA-65 (FIPS 204) bound to a service"
        rows={[
          { label: 'Security level', value: 'NIST level 3', note: 'category 3, Module-LWE / Module-SIS' },
          { label: 'Public key', value: '1,952 bytes' },
          { label: 'Signature', value: '3,309 bytes' },
          { label: 'With a user id', value: '4,509 bytes', note: 'σ + C1 1,088 + C2 80 + service key id 32' },
          { label: 'Secret key', value: '32-byte seed', note: 'expanded to 4,032 B when used; encrypted at rest' },
          { label: 'Context', value: <code>dilion/v1|</code>, note: 'followed by the service id (sid)' },
          { label: 'Speed (our engine)', value: '≈ 0.22 ms sign, 0.07 ms verify', note: <>2 vCPUs, Node 20; measured in <code>bench/README.md</code></> },
        ]}
        footer={<p className="spec-note">Pure ML-DSA with hedged randomness: any FIPS 204 library verifies a Dilion signature.</p>}
      />
      <SpecCard
        icon={<HybridIcon />}
        title="QES2 Hybrid"
        subtitle="ML-DSA-65 + secp256k1 (ECDSA or BIP-340 Schnorr)"
        rows={[
          { label: 'Compatibility', value: 'ECDSA and Schnorr (BIP-340)', note: 'the secp256k1 half is what Bitcoin and Taproot tools check' },
          { label: 'Signature', value: '3,373 bytes', note: '3,309 ML-DSA-65 + 64 secp256k1' },
          { label: 'Size overhead', value: '+64 bytes (+1.9 %)', note: 'over ML-DSA-65 alone' },
          { label: 'Sign time', value: '+16–22 % · +21–41 %', note: 'ECDSA · Schnorr, over ML-DSA-65 signing from its seed' },
          {
            label: 'Verify time',
            value: '+147–158 % · +130–144 %',
            note: (
              <>
                both halves checked; measured with <code>npm run bench -- secp256k1</code>, 2 shared vCPUs (<code>bench/README.md</code>)
              </>
            ),
          },
          { label: 'Public key', value: '1,985 B (ECDSA) · 1,984 B (Schnorr)' },
          { label: 'Verification', value: 'both halves, always' },
        ]}
        footer={<p className="spec-note">Built like the IETF composite-signature draft, with our own labels: secp256k1 is not in that draft, so QES2 claims no IETF identifier.</p>}
      />
      <SpecCard
        icon={<ProofIcon />}
        title="zk-FIDNA"
        subtitle="Bulletproofs on secp256k1, attested by ML-DSA-65"
        rows={[
          { label: 'Proof size', value: '826 · 809 · 923 bytes', note: 'balance_proof · range_proof · custom, with an empty context (a context adds its length), before the 3,309 B ML-DSA-65 attestation' },
          { label: 'Setup', value: 'Transparent', note: 'no trusted setup: every generator is hashed to the curve (RFC 9380) from a public string' },
          { label: 'Range', value: '64-bit values, two aggregated' },
          { label: 'Hiding', value: 'Perfect', note: 'Pedersen commitments: the amounts stay hidden even from an unbounded, quantum adversary' },
          { label: 'Soundness', value: 'Discrete log on secp256k1', note: 'not post-quantum' },
          { label: 'Attestation', value: 'ML-DSA-65, post-quantum', note: <>over the proof bytes, context <code>zk-fidna/v1</code>; a verifier can require it</> },
          {
            label: 'Speed (our engine)',
            value: '≈ 23.1 ms prove, 3.89 ms verify',
            note: (
              <>
                balance_proof in Node; measured with <code>npm run bench -- zk</code>, 2 shared vCPUs (<code>bench/README.md</code>)
              </>
            ),
          },
        ]}
        footer={
          <p className="spec-note warn">
            Plainly: a quantum computer that breaks discrete log could forge range proofs. Verifiers that require the ML-DSA-65
            attestation still catch forgeries its signer did not attest; no amount ever leaks.
          </p>
        }
      />
    </div>
  );
}
