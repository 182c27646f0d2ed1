import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { maskedConfig } from '../ops/show-config.ts';

const TOKEN = 'a'.repeat(32);
const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/pq-metrics-config', ...env });

describe('METRICS_PORT, METRICS_HOST and METRICS_TOKEN', () => {
  it('leave metrics off when neither METRICS_PORT nor METRICS_TOKEN is set', () => {
    expect(load({}).metrics).toBeNull();
    expect(load({ METRICS_HOST: '0.0.0.0', METRICS_TOKEN: '  ' }).metrics).toBeNull();
  });

  it('turn on a listener of its own, on loopback unless METRICS_HOST says otherwise', () => {
    expect(load({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1', token: null });
    expect(load({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({ port: 9464, host: '0.0.0.0', token: null });
  });

  it('turn on /metrics on the main port behind a token, and take both together', () => {
    expect(load({ METRICS_TOKEN: TOKEN }).metrics).toEqual({ port: null, host: '127.0.0.1', token: TOKEN });
    expect(load({ METRICS_TOKEN: TOKEN, METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1', token: TOKEN });
  });

  it('refuse a token under 32 characters, saying how to make one', () => {
    expect(() => load({ METRICS_TOKEN: 'a'.repeat(31) })).toThrow(ConfigError);
    expect(() => load({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 32 characters \(it is 5\).*openssl rand -hex 32/);
  });

  it('refuse a port that is not one, or the main port', () => {
    for (const port of ['0', '65536', 'abc', '1.5']) expect(() => load({ METRICS_PORT: port }), port).toThrow(/METRICS_PORT/);
    expect(() => load({ METRICS_PORT: '5000' })).toThrow(/METRICS_PORT is PORT \(5000\)/);
    expect(() => load({ METRICS_PORT: '8080', PORT: '8080' })).toThrow(ConfigError);
  });

  it('keep the token out of the `config` command', () => {
    const shown = JSON.stringify(maskedConfig(load({ METRICS_TOKEN: TOKEN })));
    expect(shown).not.toContain(TOKEN);
    expect(shown).toContain('"metrics":{"port":null,"host":"127.0.0.1","token":"********"}');
  });
});
