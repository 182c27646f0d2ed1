import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpWithKey } from '../test-support.ts';
import { parseOtlpHeaders } from './otel-export.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE}-00f067aa0ba902b7-01`;

/** A collector on loopback: keeps what is posted to it. */
async function receiver(): Promise<{ server: Server; url: string; bodies: { path: string; headers: Record<string, unknown>; body: string }[] }> {
  const bodies: { path: string; headers: Record<string, unknown>; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      bodies.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies };
}

interface ExportedSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  links?: { traceId: string; spanId: string }[];
  attributes: { key: string; value: Record<string, unknown> }[];
}

const spansOf = (bodies: { body: string }[]): ExportedSpan[] =>
  bodies.flatMap((b) => (JSON.parse(b.body) as { resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[] }).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));

/**
 * A server process that answers one request, then says how many OpenTelemetry modules it loaded.
 * Node keeps every CommonJS module it loaded in require.cache, those imported from ES modules too,
 * and every @opentelemetry package is CommonJS for Node.
 */
const PROBE = `
import { createRequire } from 'node:module';
import request from 'supertest';
import { loadConfig } from './server/config.ts';
import { createTestApp } from './server/test-support.ts';
const { openTelemetry } = loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: process.env.OTEL_EXPORTER_OTLP_ENDPOINT });
const app = await createTestApp({ config: { engineWorkers: 1, openTelemetry } });
await request(app.app).get('/api/health').set('traceparent', '${TRACEPARENT}');
await app.close();
const loaded = Object.keys(createRequire(import.meta.url).cache).filter((path) => path.includes('@opentelemetry'));
console.log(JSON.stringify({ loaded: loaded.length }));
`;

async function probe(env: NodeJS.ProcessEnv): Promise<{ loaded: number }> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PROBE], { cwd: ROOT, env, timeout: 60_000 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { loaded: number };
}

/** Every source file of the project outside node_modules and builds. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (['node_modules', 'dist', 'build', 'coverage', 'data'].includes(entry.name) || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx|mts|js|mjs|cjs)$/.test(entry.name) ? [path] : [];
  });
}

describe('the OpenTelemetry export', () => {
  let collector: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    collector = await receiver();
  });
  afterAll(() => new Promise<void>((resolve) => collector.server.close(() => resolve())));

  it('is imported by one module only, and by the app only dynamically', () => {
    const importers = sources(ROOT)
      .filter((path) => !path.endsWith('.test.ts') && readFileSync(path, 'utf8').includes('@opentelemetry'))
      .map((path) => relative(ROOT, path));
    expect(importers).toEqual(['server/observability/otel-export.ts']);
    const staticImport = /^import[^;]*from '[./]*(?:server\/)?observability\/otel-export\.ts'/m;
    const referrers = sources(ROOT).filter((path) => !path.endsWith('.test.ts') && readFileSync(path, 'utf8').includes('otel-export.ts'));
    for (const path of referrers) expect(readFileSync(path, 'utf8'), relative(ROOT, path)).not.toMatch(staticImport);
    expect(readFileSync(join(ROOT, 'server/app.ts'), 'utf8')).toContain("await import('./observability/otel-export.ts')");
  });

  it('loads nothing of OpenTelemetry in a server without OTEL_EXPORTER_OTLP_ENDPOINT, and loads it with one', { timeout: 120_000 }, async () => {
    const env = { ...process.env };
    delete env.OTEL_EXPORTER_OTLP_ENDPOINT;
    delete env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
    expect(await probe(env)).toEqual({ loaded: 0 });
    // The same probe sees the modules when the export is on: a zero above is not a blind probe.
    const on = await probe({ ...env, OTEL_EXPORTER_OTLP_ENDPOINT: collector.url });
    expect(on.loaded).toBeGreaterThan(0);
  });

  it('sends the spans of a request, its engine task and its commit over OTLP/HTTP, in the caller trace, the request named by its route template', { timeout: 60_000 }, async () => {
    collector.bodies.length = 0;
    const app = await createTestApp({
      config: { engineWorkers: 1, openTelemetry: { tracesUrl: `${collector.url}/v1/traces`, serviceName: 'pq-test', secretHeaders: 'authorization=Bearer%20abc' } },
    });
    const signTrace = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
    try {
      const res = await request(app.app).get('/api/v1/usage/daily/2026-11').set('traceparent', TRACEPARENT);
      expect(res.status).toBe(401);
      // A signed call: its engine task is a child of its span; its commit links to it.
      const { apiKey, apiSecret } = await signUpWithKey(app);
      const signed = await request(app.app)
        .post('/api/v1/crypto/dilion/sign')
        .set({ 'x-api-key': apiKey, 'x-api-secret': apiSecret, traceparent: `00-${signTrace}-00f067aa0ba902b7-01` })
        .send({ message: Buffer.from('hello').toString('base64') });
      expect(signed.status).toBe(200);
    } finally {
      // Shutting down sends what the batch still holds.
      await app.close();
    }
    expect(collector.bodies.map((b) => b.path)).toContain('/v1/traces');
    expect(collector.bodies[0]!.headers.authorization).toBe('Bearer abc');
    const spans = spansOf(collector.bodies);
    const span = spans.find((s) => s.traceId === TRACE);
    expect(span).toMatchObject({ name: 'GET /api/v1/usage/daily/:month', parentSpanId: '00f067aa0ba902b7' });
    expect(JSON.stringify(spans)).not.toContain('2026-11');
    expect(span!.attributes).toContainEqual({ key: 'http.route', value: { stringValue: '/api/v1/usage/daily/:month' } });
    const call = spans.find((s) => s.traceId === signTrace && s.name === 'POST /api/v1/crypto/dilion/sign')!;
    expect(call).toBeDefined();
    expect(spans.find((s) => s.name === 'engine dilionSign')).toMatchObject({ traceId: signTrace, parentSpanId: call.spanId });
    expect(spans.filter((s) => s.name === 'db commit').flatMap((s) => s.links ?? [])).toContainEqual(expect.objectContaining({ traceId: signTrace, spanId: call.spanId }));
  });

  it('reads OTEL_EXPORTER_OTLP_HEADERS as the specification writes them', () => {
    expect(parseOtlpHeaders('api-key=a%3Db, x = y ,broken,=no')).toEqual({ 'api-key': 'a=b', x: 'y' });
    expect(parseOtlpHeaders(undefined)).toEqual({});
  });
});
