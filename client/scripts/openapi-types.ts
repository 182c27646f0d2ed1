/**
 * The client's types come from the server's own OpenAPI document (generated from the zod contract
 * the routes validate with), through openapi-typescript (docs/decisions/058-typed-client.md). Only
 * the public API is kept: the /api/v1 operations an API key or nobody may call, without the
 * deprecated aliases and without the browser's session-only and demo routes.
 */
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import request from 'supertest';
import { createTestApp } from '../../server/test-support.ts';

type Operation = { security?: Record<string, string[]>[]; deprecated?: boolean };

/** The operations anyone may call: the service's health, its document, its performance figures, a registered service key. */
const OPEN_PATHS = new Set(['/api/v1/health', '/api/v1/openapi.json', '/api/v1/crypto/performance', '/api/v1/service-keys/{keyId}']);

function isPublic(path: string, operation: Operation): boolean {
  if (!path.startsWith('/api/v1/') || operation.deprecated) return false;
  return (operation.security ?? []).some((requirement) => 'apiKey' in requirement) || OPEN_PATHS.has(path);
}

/** The public part of an OpenAPI document: its paths filtered by isPublic, every component kept. */
export function publicApi(document: OpenAPI3): OpenAPI3 {
  const paths: NonNullable<OpenAPI3['paths']> = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const kept = Object.fromEntries(
      Object.entries(item as Record<string, Operation>).filter(([method, op]) => ['get', 'post', 'patch', 'delete'].includes(method) && isPublic(path, op)),
    );
    if (Object.keys(kept).length > 0) paths[path] = kept;
  }
  return { ...document, info: { ...document.info, version: 'v1' }, paths };
}

/** The server's document as served at /api/v1/openapi.json, by an app on a throwaway database. */
export async function serverOpenApi(): Promise<OpenAPI3> {
  const app = await createTestApp({ config: { engineWorkers: 1 } });
  try {
    const res = await request(app.app).get('/api/v1/openapi.json');
    if (res.status !== 200) throw new Error(`GET /api/v1/openapi.json answered ${res.status}`);
    return res.body as OpenAPI3;
  } finally {
    await app.close();
  }
}

const HEADER = `/**
 * Generated from the server's OpenAPI document by client/scripts/openapi-types.ts: do not edit.
 * Run \`npm run generate:client\` after changing a public route's contract.
 */
`;

/** The TypeScript source of client/src/generated/openapi.ts. */
export async function generatedTypes(document?: OpenAPI3): Promise<string> {
  const ast = await openapiTS(publicApi(document ?? (await serverOpenApi())), { alphabetize: true, exportType: true });
  return HEADER + astToString(ast);
}
