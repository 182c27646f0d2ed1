import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security.ts';

describe('securityHeaders', () => {
  // Behind one trusted proxy, X-Forwarded-Proto says whether the browser used HTTPS.
  const headersOf = async (production: boolean, path: string, proto: 'http' | 'https') => {
    const probe = express();
    probe.set('trust proxy', 1);
    probe.use(securityHeaders(production));
    probe.get(/.*/, (_req, res) => res.send('x'));
    return (await request(probe).get(path).set('X-Forwarded-Proto', proto)).headers;
  };

  it('add HSTS and upgrade-insecure-requests in production over HTTPS only, and the same set on every response', async () => {
    const dev = await headersOf(false, '/a', 'https');
    const prod = await headersOf(true, '/b', 'https');
    expect(dev['strict-transport-security']).toBeUndefined();
    expect(dev['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(prod['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(prod['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(prod['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(prod['x-content-type-options']).toBe('nosniff');
    const again = await headersOf(true, '/other?q=1', 'https');
    for (const name of ['content-security-policy', 'strict-transport-security', 'x-frame-options', 'referrer-policy']) expect(again[name]).toBe(prod[name]);
  });

  it('leave them out in production over plain HTTP, so http://localhost keeps working', async () => {
    const plain = await headersOf(true, '/', 'http');
    expect(plain['strict-transport-security']).toBeUndefined();
    expect(plain['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(plain['content-security-policy']).toContain("'wasm-unsafe-eval'");
  });
});
