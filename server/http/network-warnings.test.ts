import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { networkWarnings } from './network-warnings.ts';

const warned = (env: NodeJS.ProcessEnv) => networkWarnings(loadConfig({ PAYMENTS: 'off', ...env }));

describe('network warnings at start', () => {
  it('says nothing for a server on this machine, or behind proxies named by address', () => {
    expect(warned({})).toEqual([]);
    expect(warned({ NODE_ENV: 'production', TRUST_PROXY: 'loopback' })).toEqual([]);
    expect(warned({ HOST: '0.0.0.0', TRUST_PROXY: '10.0.0.0/8' })).toEqual([]);
  });

  it('warns that a hop count on the network lets a direct client forge X-Forwarded-For', () => {
    const [warning] = warned({ HOST: '0.0.0.0', TRUST_PROXY: '1' });
    expect(warning).toMatch(/^TRUST_PROXY=1 believes whoever connects, and HOST=0\.0\.0\.0 lets clients connect directly: one can forge X-Forwarded-For/);
  });

  it('warns once that production on the network speaks plain HTTP', () => {
    const warnings = warned({ NODE_ENV: 'production', HOST: '0.0.0.0', TRUST_PROXY: '192.168.1.10' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Listening on 0\.0\.0\.0 over plain HTTP/);
  });
});
