/**
 * How long an operation took and where it ran, as the tabs say it: "Signed on the server in 12.3 ms
 * (engine: 1.20 ms)." Whole sentences per case, so each language keeps its own word order
 * (docs/decisions/041).
 */
import { i18n } from '../i18n/index.ts';
import { whereText, type Where } from './algorithms.ts';
import { formatMs } from './format.ts';

/** Signature tabs sign; zk-FIDNA proves. */
export type MadeBy = 'signed' | 'proved';

/** "Signed in this browser in 3.21 ms." with the engine's own time when the answer carried one. */
export function madeText(madeBy: MadeBy, where: Where, ms: number, engineMs?: number): string {
  const values = { where: whereText(where), time: formatMs(ms) };
  if (engineMs === undefined) return i18n.t(madeBy === 'signed' ? 'demo:op.signedIn' : 'demo:op.provedIn', values);
  return i18n.t(madeBy === 'signed' ? 'demo:op.signedInEngine' : 'demo:op.provedInEngine', { ...values, engine: formatMs(engineMs) });
}

/** "Signed on the server, verified in this browser in 4.56 ms." */
export function verifiedText(madeBy: MadeBy, madeWhere: Where, where: Where, ms: number, engineMs?: number): string {
  const values = { madeWhere: whereText(madeWhere), where: whereText(where), time: formatMs(ms) };
  if (engineMs === undefined) return i18n.t(madeBy === 'signed' ? 'demo:op.signedVerified' : 'demo:op.provedVerified', values);
  return i18n.t(madeBy === 'signed' ? 'demo:op.signedVerifiedEngine' : 'demo:op.provedVerifiedEngine', { ...values, engine: formatMs(engineMs) });
}
