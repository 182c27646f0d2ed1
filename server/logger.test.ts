import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { createLogger } from './logger.ts';
import { testConfig } from './test-support.ts';

describe('request logs', () => {
  it('carry the request id and never the API secret, cookies or passwords', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const dir = mkdtempSync(join(tmpdir(), 'pq-log-'));
    const instance = await createApp({ config: testConfig(dir, { engineWorkers: 1 }), logger: createLogger('info', sink) });
    try {
      await request(instance.app)
        .post('/api/crypto/dilion/sign')
        .set({ 'x-api-key': 'pk_visible', 'x-api-secret': 'sk_TOPSECRET', Cookie: 'pq.sid=COOKIESECRET', 'X-Request-Id': 'req-77' })
        .send({ message: 'x' });
      await request(instance.app).post('/api/auth/login').send({ email: 'a@b.co', password: 'PASSWORDSECRET' });
      const log = lines.join('');
      expect(log).toContain('req-77');
      expect(log).not.toMatch(/TOPSECRET|COOKIESECRET|PASSWORDSECRET/);
      instance.context.logger.info({ user: { password: 'PW1', keySecret: 'KS1' } }, 'object with secrets');
      expect(lines.join('')).not.toMatch(/PW1|KS1/);
    } finally {
      await instance.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
