import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { MASK, maskedConfig } from './show-config.ts';

describe('config', () => {
  it('shows every setting and masks every secret', () => {
    const env = {
      DATA_DIR: '/srv/pq',
      MASTER_KEY: 'a'.repeat(64),
      GOOGLE_CLIENT_ID: 'google-id',
      GOOGLE_CLIENT_SECRET: 'google-secret-value',
      SMTP_URL: 'smtp://mailer:smtp-password-value@mail.example.com:587',
      CONTACT_TO: 'ops@example.com',
      PAYMENTS: 'sandbox',
      PAYPAL_CLIENT_ID: 'paypal-id',
      PAYPAL_CLIENT_SECRET: 'paypal-secret-value',
      PAYPAL_WEBHOOK_ID: 'WH-1',
    };
    const text = JSON.stringify(maskedConfig(loadConfig(env)));
    for (const secret of ['a'.repeat(64), 'google-secret-value', 'smtp-password-value', 'paypal-secret-value']) expect(text).not.toContain(secret);
    const shown = maskedConfig(loadConfig(env)) as any;
    expect(shown.masterKey).toBe(`${MASK} (from MASTER_KEY)`);
    expect(shown.google).toEqual({ clientId: 'google-id', clientSecret: MASK, callbackUrl: '/api/auth/google/callback' });
    expect(shown.smtp.url).toBe(`smtp://mailer:${encodeURIComponent(MASK)}@mail.example.com:587`);
    expect(shown.payments).toMatchObject({ mode: 'sandbox', paypal: { clientId: 'paypal-id', clientSecret: MASK, webhookId: 'WH-1' } });
    expect(shown.dataDir).toBe('/srv/pq');
    expect(shown.port).toBe(5000);
  });

  it('says where the master key file is when the key is not in the environment', () => {
    const shown = maskedConfig(loadConfig({ DATA_DIR: '/nonexistent/pq' }));
    expect(shown.masterKey).toBe(`${MASK} (in /nonexistent/pq/master.key, created on the first start)`);
  });

  it('shows a SQLite database as its engine and file', () => {
    const shown = maskedConfig(loadConfig({ DATA_DIR: '/srv/pq' })) as any;
    expect(shown.database).toEqual({ engine: 'sqlite', file: '/srv/pq/app.db' });
    expect(shown.databaseFile).toBe('/srv/pq/app.db');
  });

  it('shows a PostgreSQL database as its engine and server, never its password', () => {
    const shown = maskedConfig(loadConfig({ DATA_DIR: '/srv/pq', PAYMENTS: 'off', DATABASE_URL: 'postgres://pq:hunter2@db.internal:6432/pq?sslmode=require' })) as any;
    expect(shown.database).toEqual({ engine: 'postgres', server: 'postgres://pq@db.internal:6432/pq' });
    expect(shown).not.toHaveProperty('databaseFile');
    expect(JSON.stringify(shown)).not.toContain('hunter2');
  });
});
