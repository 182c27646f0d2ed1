import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from './routes.ts';

describe('the page list the browser suites walk', () => {
  it('holds exactly the routes web/src/App.tsx declares', () => {
    const app = readFileSync(resolve(import.meta.dirname, '../src/App.tsx'), 'utf8');
    const declared = [...app.matchAll(/<Route path="([^"]+)"/g)].map((m) => m[1]);
    expect(declared.length).toBeGreaterThan(10);
    expect([...declared].sort()).toEqual([...APP_ROUTES].sort());
  });
});
