/**
 * The three specification cards with the real figures of docs/crypto/dilion.md §5, docs/crypto/qes2.md §3 and
 * docs/crypto/zk-fidna.md §10
 * (not the prototype's "2.5 KB key, 2.8 KB signature, +20 %, 300-byte proof, trusted CRS").
 */
import type { ReactNode } from 'react';
import { DevBadge, DevNote } from '../../demo/InDevelopment.tsx';
import { ZK_FIDNA_AVAILABLE } from '../../demo/zkFidna.ts';
import { HybridIcon, LatticeIcon, ProofIcon } from '../home/icons.tsx';

interface Row {
  label: string;
  value: ReactNode;
  note?: ReactNode;
}

/** A card whose algorithm is not built (`inDevelopment`) is drawn apart and says its figures are design targets. */
function SpecCard(props: { icon: ReactNode; title: string; subtitle: string; rows: Row[]; footer: ReactNode; inDevelopment?: boolean }) {
  const { icon, title, subtitle, rows, footer, inDevelopment = false } = props;
  return (
    <article className={`card spec-card${inDevelopment ? ' dev-card' : ''}`} data-testid={`spec-${title}`} data-status={inDevelopment ? 'in-development' : 'shipped'}>
      <header>
        <div className="icon-bubble">{icon}</div>
        <div>
          <h3 style={{ margin: 0 }}>
            {title} {inDevelopment && <DevBadge />}
          </h3>
          <p>{subtitle}</p>
        </div>
      </header>
      {inDevelopment && <DevNote>Not built yet. These are design figures, not measurements, and may change.</DevNote>}
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
        inDevelopment={!ZK_FIDNA_AVAILABLE}
        rows={[
          { label: 'Proof size', value: '≈ 0.8 KB', note: '826 B for a balance proof by design, plus the 3,309 B ML-DSA-65 signature' },
          { label: 'Setup', value: 'Transparent', note: 'no trusted setup, no common reference string' },
          { label: 'Range', value: '64-bit values, two aggregated' },
          { label: 'Hiding', value: 'Perfect', note: 'Pedersen commitments: amounts stay hidden even from a quantum adversary' },
          { label: 'Soundness', value: 'Discrete log on secp256k1', note: 'not post-quantum; the ML-DSA-65 attestation is' },
        ]}
        footer={
          <p className="spec-note warn">
            Plainly: a quantum computer that breaks discrete log could forge range proofs. Verifiers that require the ML-DSA-65
            attestation still catch forgeries not signed by the platform; no amount ever leaks.
          </p>
        }
      />
    </div>
  );
}
