/**
 * The API docs cannot drift from the server: the documented endpoint list is checked against the
 * OpenAPI document the server itself generates from its contract.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../server/test-support.ts';
import { ENDPOINTS, type DocumentedEndpoint } from './endpoints.ts';

interface Schema {
  $ref?: string;
  properties?: Record<string, unknown>;
  required?: string[];
}
interface Operation {
  security?: Record<string, string[]>[];
  /** The unversioned aliases of /api/v1 operations (docs/decisions/052-versioned-api.md). */
  deprecated?: boolean;
  requestBody?: { content: { 'application/json': { schema: Schema } } };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/**
 * Documented endpoints the server may lack: none. An entry here would be shown as coming soon;
 * every documented endpoint, zk-FIDNA's included, must be served.
 */
const NOT_SERVED_YET: string[] = [];
const nameOf = (e: DocumentedEndpoint) => `${e.method} ${e.path}`;
const mustBeServed = () => ENDPOINTS.filter((e) => !NOT_SERVED_YET.includes(nameOf(e)));

let app: TestApp;
let doc: Document;

beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
  const res = await request(app.app).get('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body as Document;
});
afterAll(() => app?.close());

const operation = (method: string, path: string) => doc.paths[path]?.[method.toLowerCase()];

function requestSchema(op: Operation): Schema {
  const schema = op.requestBody!.content['application/json'].schema;
  return schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()!]! : schema;
}

describe('API docs endpoint list', () => {
  it('documents every API-key operation the server serves under /api/v1/crypto, not its deprecated alias', () => {
    const served = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.security?.some((s) => 'apiKey' in s) && !op.deprecated)
        .filter(() => path.startsWith('/api/v1/crypto/'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(served.length).toBeGreaterThan(0);
    const documented = ENDPOINTS.map(nameOf);
    expect(documented).toEqual(expect.arrayContaining(served));
  });

  it('documents only endpoints the server serves, each under an API key', () => {
    const unserved = ENDPOINTS.filter((e) => operation(e.method, e.path) === undefined).map(nameOf);
    expect(unserved).toEqual(NOT_SERVED_YET);
    for (const e of mustBeServed()) {
      expect(operation(e.method, e.path)!.security?.some((s) => 'apiKey' in s), e.path).toBe(true);
      expect(operation(e.method, e.path)!.deprecated, e.path).toBeUndefined();
    }
  });

  it('lists exactly the request fields of each served endpoint, with the same required ones', () => {
    for (const e of mustBeServed()) {
      const op = operation(e.method, e.path);
      expect(op, `${nameOf(e)} is not served`).toBeDefined();
      const schema = requestSchema(op!);
      expect(e.fields.map((f) => f.name).sort(), e.path).toEqual(Object.keys(schema.properties ?? {}).sort());
      expect(e.fields.filter((f) => f.required).map((f) => f.name).sort(), e.path).toEqual([...(schema.required ?? [])].sort());
    }
  });
});
