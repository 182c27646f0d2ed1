import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedTypes, publicApi, serverOpenApi } from './openapi-types.ts';

describe('the client’s generated types', () => {
  it('match the server’s contract as served now (npm run generate:client rewrites them)', async () => {
    const committed = readFileSync(new URL('../src/generated/openapi.ts', import.meta.url), 'utf8');
    expect(committed === (await generatedTypes()), 'client/src/generated/openapi.ts is stale: run npm run generate:client').toBe(true);
  });

  it('keep the API-key and open operations under /api/v1, and neither the deprecated aliases nor the session-only routes', async () => {
    const kept = publicApi(await serverOpenApi()).paths ?? {};
    expect(Object.keys(kept)).toContain('/api/v1/crypto/dilion/sign');
    expect(Object.keys(kept)).toContain('/api/v1/health');
    expect(Object.keys(kept).some((path) => !path.startsWith('/api/v1/'))).toBe(false);
    expect(Object.keys(kept)).not.toContain('/api/v1/auth/login');
    expect(Object.keys(kept)).not.toContain('/api/v1/demo/dilion/sign');
  });
});
