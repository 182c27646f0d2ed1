import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
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
});
