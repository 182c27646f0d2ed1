import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security.ts';

describe('securityHeaders', () => {
  it('add HSTS and upgrade-insecure-requests in production only, and the same set on every response', async () => {
    const headersOf = async (production: boolean, path: string) => {
      const probe = express();
      probe.use(securityHeaders(production));
      probe.get(/.*/, (_req, res) => res.send('x'));
      return (await request(probe).get(path)).headers;
    };
    const dev = await headersOf(false, '/a');
    const prod = await headersOf(true, '/b');
    expect(dev['strict-transport-security']).toBeUndefined();
    expect(dev['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(prod['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(prod['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(prod['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(prod['x-content-type-options']).toBe('nosniff');
    const again = await headersOf(true, '/other?q=1');
    for (const name of ['content-security-policy', 'strict-transport-security', 'x-frame-options', 'referrer-policy']) expect(again[name]).toBe(prod[name]);
  });
});
