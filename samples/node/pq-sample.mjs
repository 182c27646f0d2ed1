// Sign and verify with Dilion, then prove and verify with zk-FIDNA, through the PQ API (/api/v1),
// and verify the Dilion signature locally as any third party can (FIPS 204 ML-DSA-65).
// Node.js 20.19+: npm install @noble/post-quantum, set PQ_API_URL (default http://localhost:5000),
// PQ_API_KEY and PQ_API_SECRET, then run: node pq-sample.mjs
import { randomUUID } from 'node:crypto';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';

const API_URL = process.env.PQ_API_URL || 'http://localhost:5000';
const { PQ_API_KEY, PQ_API_SECRET } = process.env;

/** POST JSON to the API; on an error answer, print `status code: message` and exit. */
async function call(path, body) {
  let res;
  try {
    res = await fetch(API_URL + path, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'x-api-key': PQ_API_KEY,
        'x-api-secret': PQ_API_SECRET,
        // A retried POST with the same key is answered once and charged once.
        'Idempotency-Key': randomUUID(),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    fail(`cannot reach ${API_URL}: ${error.cause?.message ?? error.message}`);
  }
  const text = await res.text();
  if (res.ok) return JSON.parse(text);
  let problem; // { message, code, param?, requestId }
  try {
    problem = JSON.parse(text);
  } catch {
    fail(`${res.status}: ${text}`);
  }
  fail(`${res.status} ${problem.code}: ${problem.message}`);
}

function fail(line) {
  console.error(line);
  process.exit(1);
}

if (!PQ_API_KEY || !PQ_API_SECRET) fail('set PQ_API_KEY and PQ_API_SECRET (and PQ_API_URL if not http://localhost:5000)');

// Dilion: FIPS 204 ML-DSA-65 over 0x00 || UTF-8(message), with the context "dilion/v1|" + sid.
const message = 'authentication request';
const signed = await call('/api/v1/crypto/dilion/sign', { message, sid: 'service-A' });
const signature = Buffer.from(signed.signature.encoded, 'base64');
console.log('dilion signature bytes:', signature.length);
console.log('dilion context:', signed.context);
const checked = await call('/api/v1/crypto/dilion/verify', {
  message,
  signature: signed.signature.encoded,
  publicKey: signed.publicKey,
  sid: 'service-A',
});
console.log('server verify:', checked.valid);

// Anyone can check it without calling the API: M = 0x00 || UTF-8(message), ctx = UTF-8(context).
const M = Buffer.concat([Buffer.from([0x00]), Buffer.from(message, 'utf8')]);
const offline = ml_dsa65.verify(signature, M, Buffer.from(signed.publicKey, 'base64'), {
  context: Buffer.from(signed.context, 'utf8'),
});
console.log('offline verify:', offline);

// zk-FIDNA: prove that a balance covers an amount without showing either.
const proved = await call('/api/v1/crypto/zk-fidna/prove', { secretValue: 650000, balanceValue: 21930000, circuitType: 'balance_proof' });
console.log('zk-fidna proof bytes:', Buffer.from(proved.proof.encoded, 'base64').length);
// A verifier gets the proof and the public input, never the openings.
const verified = await call('/api/v1/crypto/zk-fidna/verify', { proof: proved.proof, publicInput: proved.publicInput });
console.log('proof verify:', verified.valid);

if (!(checked.valid && offline && verified.valid)) fail('a verification failed');
