import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { errorHandler } from '../http/error-handler.ts';
import { webRoutes } from './static.ts';

let dir: string | undefined;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

describe('webRoutes', () => {
  it('serves index.html for client routes from a folder under a dot-folder (where the executable unpacks)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pq-static-'));
    const web = join(dir, '.cache', 'pq-platform', 'dist', 'web');
    mkdirSync(join(web, 'assets'), { recursive: true });
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(web, 'assets', 'app-1.js'), 'console.log(1)');
    const app = express();
    webRoutes(web)(app);
    const page = await request(app).get('/dashboard/keys').set('Accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>app</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await request(app).get('/assets/app-1.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset with a 404 that shows no path of this machine', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pq-static-'));
    const web = join(dir, 'web');
    mkdirSync(join(web, 'assets'), { recursive: true });
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>app</title>');
    const app = express();
    webRoutes(web)(app);
    app.use(errorHandler);
    for (const path of ['/assets/gone-1.js', '/assets/../../etc/passwd', '/assets/%2e%2e/index.html', '/assets/']) {
      const res = await request(app).get(path).set('Accept', 'text/html');
      expect(res.status).toBe(404);
      expect(res.text).not.toContain(dir);
      expect(res.text).not.toContain('ENOENT');
    }
    expect((await request(app).get('/assets/gone-1.js')).body).toMatchObject({ code: 'asset_not_found' });
  });
});
