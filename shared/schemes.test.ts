import { describe, expect, it } from 'vitest';
import {
  QES2_BY_MODE,
  QES2_MODE_OF_KEY,
  QES2_MODES,
  SCHEME_IDS,
  SCHEMES,
  schemeOf,
  SIGNING_ALGORITHMS,
  type PerQes2Mode,
  type PerScheme,
  type Scheme,
} from './schemes.ts';

describe('the scheme registry', () => {
  it('keys each entry by its own id, with distinct labels and API paths', () => {
    for (const id of SCHEME_IDS) expect(SCHEMES[id].id).toBe(id);
    const distinct = (values: string[]) => new Set(values).size === values.length;
    expect(distinct(SCHEME_IDS.map((id) => SCHEMES[id].label))).toBe(true);
    expect(distinct(SCHEME_IDS.map((id) => SCHEMES[id].apiPath))).toBe(true);
  });

  it('reads every spelling the product has used for an algorithm as that scheme', () => {
    expect(['dilion', 'Dilion', 'DILION'].map(schemeOf)).toEqual(['dilion', 'dilion', 'dilion']);
    expect(['qes2-ecdsa', 'QES2_ECDSA', 'qes2/ecdsa', 'Qes2 Ecdsa'].map(schemeOf)).toEqual(Array(4).fill('qes2-ecdsa'));
    expect(['qes2-schnorr', 'QES2_Schnorr', 'qes2/schnorr'].map(schemeOf)).toEqual(Array(3).fill('qes2-schnorr'));
    expect(['zk-fidna', 'zk-FIDNA', 'ZK_FIDNA'].map(schemeOf)).toEqual(Array(3).fill('zk-fidna'));
    expect(schemeOf('ML-DSA-65')).toBeNull();
    expect(schemeOf('qes2')).toBeNull();
  });

  it('derives the QES2 modes, their entries and their signing-key algorithms from the same rows', () => {
    expect(QES2_MODES).toEqual(['ecdsa', 'schnorr']);
    for (const mode of QES2_MODES) {
      const scheme = QES2_BY_MODE[mode];
      expect(scheme.apiPath).toBe(`qes2/${mode}`);
      expect(QES2_MODE_OF_KEY[scheme.keyAlgorithm]).toBe(mode);
      expect(scheme.sizes.signature).toBe(3309 + 64);
    }
    expect(SIGNING_ALGORITHMS).toEqual(['ML-DSA-44', 'ML-DSA-65', 'ML-DSA-87', 'QES2_ECDSA', 'QES2_Schnorr']);
    expect(QES2_BY_MODE.ecdsa.sizes.publicKey).toBe(1952 + 33);
    expect(QES2_BY_MODE.schnorr.sizes.publicKey).toBe(1952 + 32);
  });

  it('makes a map that leaves out a scheme or a mode a compile error (checked by tsc in npm test)', () => {
    // @ts-expect-error: qes2-schnorr is missing, so this map cannot be a PerScheme.
    const missingScheme: PerScheme<number> = { dilion: 1, 'qes2-ecdsa': 2, 'zk-fidna': 4 };
    // @ts-expect-error: a key the registry does not have is refused too.
    const extraScheme: PerScheme<number> = { dilion: 1, 'qes2-ecdsa': 2, 'qes2-schnorr': 3, 'zk-fidna': 4, 'qes3-ed25519': 5 };
    // @ts-expect-error: the schnorr mode is missing.
    const missingMode: PerQes2Mode<string> = { ecdsa: 'ECDSA' };
    const complete: PerScheme<number> = { dilion: 1, 'qes2-ecdsa': 2, 'qes2-schnorr': 3, 'zk-fidna': 4 };
    expect(Object.keys(complete)).toEqual(SCHEME_IDS);
    // Each refused map differs from the registry by exactly what its comment says, so tsc refuses it
    // for that reason and not another.
    const keys = (map: object) => Object.keys(map) as string[];
    expect(SCHEME_IDS.filter((id) => !keys(missingScheme).includes(id))).toEqual(['qes2-schnorr']);
    expect(keys(extraScheme).filter((id) => !(SCHEME_IDS as readonly string[]).includes(id))).toEqual(['qes3-ed25519']);
    expect(QES2_MODES.filter((mode) => !keys(missingMode).includes(mode))).toEqual(['schnorr']);
  });

  it('types each entry precisely, so a QES2 field cannot be read from a scheme that lacks it', () => {
    const dilion: Scheme<'dilion'> = SCHEMES.dilion;
    const ecdsa: Scheme<'qes2-ecdsa'> = SCHEMES['qes2-ecdsa'];
    // @ts-expect-error: Dilion has no QES2 mode.
    const mode: unknown = dilion.mode;
    // What tsc refuses is what the data lacks: Dilion's entry has no mode, a QES2 entry has one.
    expect('mode' in dilion).toBe(false);
    expect(mode).toBeUndefined();
    expect(ecdsa.mode).toBe('ecdsa');
  });
});
