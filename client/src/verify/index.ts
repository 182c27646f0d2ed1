/**
 * Offline verification (docs/decisions/058-typed-client.md): the API's sign and prove answers
 * checked on the relying party's side by the platform's own WebAssembly engine, with no call to
 * the API. Each check resolves to { valid, reason? } and never throws for malformed input.
 */
export { verifyDilion, type DilionExpectation, type DilionSigned } from './dilion.ts';
export { verifyQes2, type Qes2Expectation, type Qes2Signed, type Qes2Verdict } from './qes2.ts';
export type { Verdict } from './verdict.ts';
export { verifyZkFidna, type ZkFidnaExpectation, type ZkFidnaProved, type ZkFidnaVerdict } from './zkfidna.ts';
