/**
 * The debug build (asconfig.json's `debug` target: not optimized, with function names and a source
 * map for reading a trap) runs every primitive once through the same TS API and gives the release
 * build's bytes, so a result that changes with the optimizer fails here.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngine, type Engine } from './index.ts';

const build = (name: string) => new URL(`../build/${name}.wasm`, import.meta.url);
const bytes = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 255);
const text = (s: string) => new TextEncoder().encode(s);

let debug: Engine;
let release: Engine;
beforeAll(async () => {
  [debug, release] = await Promise.all([loadEngine(build('debug')), loadEngine(build('release'))]);
});

/** Runs `run` on both builds and expects the same result. */
function agree<T>(run: (engine: Engine) => T): T {
  const ours = run(debug);
  expect(ours).toEqual(run(release));
  return ours;
}

describe('the debug build', () => {
  it('exports the same functions as the release build', () => {
    const names = (name: string) => WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(build(name)))).map((e) => e.name);
    expect(names('debug')).toEqual(names('release'));
  });

  it('hashes, MACs, derives keys and encrypts as the release build does', () => {
    const data = bytes(1000, 1);
    const key = bytes(32, 2);
    const nonce = bytes(12, 3);
    for (const name of ['sha224', 'sha256', 'sha384', 'sha512', 'sha512_224', 'sha512_256', 'sha3_224', 'sha3_256', 'sha3_384', 'sha3_512'] as const) {
      agree((e) => e[name](data));
    }
    agree((e) => [e.shake128(data, 200), e.shake256(data, 200)]);
    agree((e) => [e.hmacSha256(key, data), e.hmacSha512(key, data)]);
    agree((e) => e.hkdfSha256.derive(data, 100, { salt: key, info: text('info') }));
    const sealed = agree((e) => e.chacha20poly1305.seal(key, nonce, data, { aad: text('aad') }));
    expect(debug.chacha20poly1305.open(key, nonce, sealed, { aad: text('aad') })).toEqual(data);
    agree((e) => [e.chacha20poly1305.chacha20(key, nonce, data), e.chacha20poly1305.poly1305(key, data)]);
  });

  it('runs ML-DSA, ML-KEM and HPKE at every level as the release build does', () => {
    const message = text('debug build');
    for (const level of ['mlDsa44', 'mlDsa65', 'mlDsa87'] as const) {
      const { publicKey, secretKey } = agree((e) => e[level].keygen(bytes(32, 4)));
      const signature = agree((e) => e[level].sign(message, secretKey, { random: false }));
      expect(debug[level].verify(publicKey, message, signature)).toBe(true);
      agree((e) => e[level].decodeSignature(signature));
      agree((e) => e[level].decodeSignatureJson(signature));
    }
    for (const level of ['mlKem512', 'mlKem768', 'mlKem1024'] as const) {
      const { publicKey, secretKey } = agree((e) => e[level].keygen(bytes(64, 5)));
      const { cipherText, sharedSecret } = agree((e) => e[level].encapsulate(publicKey, bytes(32, 6)));
      expect(debug[level].decapsulate(cipherText, secretKey)).toEqual(sharedSecret);
    }
    const { publicKey } = debug.mlKem768.keygen(bytes(64, 7));
    const { enc, cipherText } = agree((e) => e.hpke.seal(publicKey, message, { random: bytes(32, 8), info: text('info') }));
    expect(debug.hpke.open(bytes(64, 7), enc, cipherText, { info: text('info') })).toEqual(message);
  });

  it('signs and verifies on secp256k1 as the release build does', () => {
    const digest = release.sha256(text('debug build'));
    const { publicKey, secretKey } = agree((e) => e.secp256k1.keygen(bytes(32, 9)));
    const ecdsa = agree((e) => e.secp256k1.ecdsaSign(digest, secretKey, { extraEntropy: bytes(32, 10) }));
    expect(debug.secp256k1.ecdsaVerify(publicKey, digest, ecdsa)).toBe(true);
    const xOnly = agree((e) => e.secp256k1.schnorrGetPublicKey(secretKey));
    const schnorr = agree((e) => e.secp256k1.schnorrSign(text('debug build'), secretKey, bytes(32, 11)));
    expect(debug.secp256k1.schnorrVerify(xOnly, text('debug build'), schnorr)).toBe(true);
  });

  it('proves and verifies zk-FIDNA as the release build does', () => {
    const proved = agree((e) => e.zkFidna.prove({ circuitType: 'custom', secretValue: 40n, balanceValue: 100n, context: text('tx'), rng: bytes(32, 12) }));
    const checked = debug.zkFidna.verify({ proof: proved.proof, publicInput: proved.publicInput });
    expect(checked.valid).toBe(true);
    expect(checked.views).toEqual(proved.views);
  });
});
