/** zk-FIDNA argument checks: every refusal is an EngineError with a code and the parameter it names. */
import { describe, expect, it } from 'vitest';
import { engine } from '../test-support/loaded-engine.ts';
import type { Engine, ZkFidnaProveOptions } from './index.ts';

const codeOf = (code: string, param: string) => expect.objectContaining({ name: 'EngineError', code, param });
const prove = (opts: unknown) => () => engine.zkFidna.prove(opts as ZkFidnaProveOptions);
const base = { circuitType: 'balance_proof', secretValue: 5n, balanceValue: 9n } as const;

describe('zk-FIDNA prove refuses bad arguments', () => {
  it('names a value that is not an integer in [0, 2^64 - 1]', () => {
    const bad: unknown[] = [-1n, 1n << 64n, '18446744073709551616', '-5', '5.0', '0x10', '', ' 5', 1.5, -1, 2 ** 53, NaN, null, true, {}, [5]];
    for (const v of bad) {
      expect(prove({ ...base, secretValue: v }), String(v)).toThrow(codeOf('invalid_value', 'secretValue'));
      expect(prove({ ...base, balanceValue: v }), String(v)).toThrow(codeOf('invalid_value', 'balanceValue'));
    }
    expect(prove({ circuitType: 'balance_proof', secretValue: 5n })).toThrow(codeOf('invalid_value', 'balanceValue'));
    expect(prove({ circuitType: 'range_proof', secretValue: 5n, min: 'five', max: 9n })).toThrow(codeOf('invalid_value', 'min'));
    expect(prove({ circuitType: 'range_proof', secretValue: 5n, min: 1n, max: -9 })).toThrow(codeOf('invalid_value', 'max'));
  });

  it('accepts the largest values of each form', () => {
    const made = engine.zkFidna.prove({ circuitType: 'balance_proof', secretValue: '18446744073709551615', balanceValue: 2 ** 53 - 1 });
    expect(made.publicInput.result).toBe(0);
  });

  it('refuses statements that are false, with value_out_of_range', () => {
    expect(prove({ ...base, secretValue: 0n })).toThrow(codeOf('value_out_of_range', 'secretValue'));
    expect(prove({ circuitType: 'range_proof', secretValue: 0n, min: 0n, max: 9n })).toThrow(codeOf('value_out_of_range', 'secretValue'));
    expect(prove({ circuitType: 'range_proof', secretValue: 10n, min: 1n, max: 9n })).toThrow(codeOf('value_out_of_range', 'secretValue'));
    expect(prove({ circuitType: 'range_proof', secretValue: 4n, min: 5n, max: 9n })).toThrow(codeOf('value_out_of_range', 'secretValue'));
    expect(prove({ circuitType: 'range_proof', secretValue: 10n, balanceValue: 9n })).toThrow(codeOf('value_out_of_range', 'secretValue'));
    expect(prove({ circuitType: 'custom', secretValue: 10n, balanceValue: 9n })).toThrow(codeOf('value_out_of_range', 'balanceValue'));
  });

  it('refuses bounds out of order, and bounds on circuits other than range_proof', () => {
    expect(prove({ circuitType: 'range_proof', secretValue: 5n, min: 9n, max: 1n })).toThrow(codeOf('invalid_bounds', 'min'));
    expect(prove({ ...base, min: 1n })).toThrow(codeOf('invalid_bounds', 'min'));
    expect(prove({ circuitType: 'custom', secretValue: 1n, balanceValue: 2n, max: 9n })).toThrow(codeOf('invalid_bounds', 'max'));
  });

  it('refuses an unknown circuit, a long context, a short rng and unknown options', () => {
    expect(prove({ ...base, circuitType: 'balance' })).toThrow(codeOf('invalid_circuit', 'circuitType'));
    expect(prove({ ...base, circuitType: undefined })).toThrow(codeOf('invalid_circuit', 'circuitType'));
    expect(prove({ ...base, context: new Uint8Array(256) })).toThrow(codeOf('context_too_long', 'context'));
    expect(prove({ ...base, context: 'tx-1' })).toThrow(codeOf('invalid_argument', 'context'));
    expect(prove({ ...base, rng: new Uint8Array(31) })).toThrow(codeOf('invalid_random_length', 'rng'));
    expect(prove({ ...base, contxt: new Uint8Array(1) })).toThrow(codeOf('invalid_option', 'opts.contxt'));
    expect(prove(null)).toThrow(codeOf('invalid_option', 'opts'));
  });

  it('refuses an attestation key pair that does not belong together', () => {
    const a = engine.mlDsa65.keygen(), b = engine.mlDsa65.keygen();
    expect(prove({ ...base, attest: { secretKey: a.secretKey, publicKey: b.publicKey } })).toThrow(codeOf('invalid_key', 'attest.publicKey'));
    expect(prove({ ...base, attest: { secretKey: a.secretKey.subarray(1), publicKey: a.publicKey } })).toThrow(codeOf('invalid_key', 'attest.secretKey'));
    expect(prove({ ...base, attest: { secretKey: a.secretKey } })).toThrow(codeOf('invalid_argument', 'attest.publicKey'));
  });
});

describe('zk-FIDNA verify and inspect refuse malformed arguments, not bad proofs', () => {
  const made = () => engine.zkFidna.prove(base);
  const verify = (args: unknown) => () => engine.zkFidna.verify(args as Parameters<Engine['zkFidna']['verify']>[0]);

  it('throws for a proof that is not bytes and for a public input of the wrong shape', () => {
    const { proof, publicInput } = made();
    expect(verify({ proof: Array.from(proof), publicInput })).toThrow(codeOf('invalid_argument', 'proof'));
    expect(verify({ proof, publicInput: null })).toThrow(codeOf('invalid_argument', 'publicInput'));
    expect(verify({ proof, publicInput: { ...publicInput, circuitType: 'nope' } })).toThrow(codeOf('invalid_circuit', 'publicInput.circuitType'));
    expect(verify({ proof, publicInput: { ...publicInput, result: 2 } })).toThrow(codeOf('invalid_argument', 'publicInput.result'));
    expect(verify({ proof, publicInput: { ...publicInput, min: -1n } })).toThrow(codeOf('invalid_value', 'publicInput.min'));
    expect(verify({ proof, publicInput: { ...publicInput, secretValue: 5n } })).toThrow(codeOf('invalid_option', 'publicInput.secretValue'));
    expect(verify({ proof, publicInput, attestation: { publicKey: new Uint8Array(10), signature: new Uint8Array(3309) } })).toThrow(codeOf('invalid_key', 'attestation.publicKey'));
  });

  it('returns valid false, without throwing, for bytes that are no proof', () => {
    const { publicInput } = made();
    for (const proof of [new Uint8Array(0), new Uint8Array(826), new Uint8Array(5000).fill(1)]) {
      const checked = engine.zkFidna.verify({ proof, publicInput });
      expect(checked.valid).toBe(false);
      expect(checked.details.structurallyValid).toBe(false);
      expect(checked.views).toBeUndefined();
    }
  });

  it('inspect throws invalid_proof for bytes that do not decode', () => {
    const { proof } = made();
    expect(() => engine.zkFidna.inspect(proof.subarray(1))).toThrow(codeOf('invalid_proof', 'proof'));
    const bad = proof.slice();
    bad[6] = 0x05; // a commitment prefix that is neither 02 nor 03
    expect(() => engine.zkFidna.inspect(bad)).toThrow(codeOf('invalid_proof', 'proof'));
  });
});
