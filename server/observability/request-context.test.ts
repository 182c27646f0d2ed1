import express, { type ErrorRequestHandler } from 'express';
import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { EnginePool } from '../engine/pool.ts';
import { OperationsService, newOperation } from '../features/operations/operations.service.ts';
import type { OperationHistoryRepository } from '../features/operations/operation-history.repository.ts';
import type { CommitBatch, OperationsRepository } from '../features/operations/operations.repository.ts';
import { PaypalClient } from '../features/payments/paypal/paypal.client.ts';
import { errorHandler } from '../http/error-handler.ts';
import { sendJson } from '../http/exchange.ts';
import { FastLane } from '../http/fast-lane.ts';
import { requestLog } from '../http/request-log.ts';
import { createLogger, type Logger } from '../logger.ts';
import { RequestContext, runIn, traceHeaders } from './request-context.ts';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE}-${PARENT}-01`;

type Line = Record<string, unknown>;

/** A logger as createLogger makes it, writing to an array through a destination stream (as logger.test.ts does). */
function capturing(level = 'info'): { logger: Logger; lines: Line[] } {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Line);
      done();
    },
  });
  return { logger: createLogger(level, sink), lines };
}

/** An app whose handler logs through req.log and, after waiting, through the app's own logger, and answers what it would send onwards. */
function appLoggingTo(logger: Logger) {
  const app = express();
  app.use(requestLog(logger));
  app.use(express.json());
  app.post('/api/things/:id', async (req, res) => {
    req.log.info('through req.log');
    await new Promise((resolve) => setTimeout(resolve, 1));
    logger.info('through the app logger');
    res.json({ outgoing: traceHeaders() });
  });
  return app;
}

const ofMessage = (lines: Line[], msg: string) => lines.filter((l) => l.msg === msg);

describe('a request with a traceparent', () => {
  it('keeps the caller trace: its id is on every line of the call, and passed on with a span id of our own', async () => {
    const { logger, lines } = capturing();
    const res = await request(appLoggingTo(logger)).post('/api/things/42').set({ traceparent: TRACEPARENT, tracestate: 'rojo=1', 'X-Request-Id': 'req-1' }).send({ a: 1 });
    expect(res.status).toBe(200);
    expect(res.headers.traceparent).toBeUndefined();
    const outgoing = res.body.outgoing as { traceparent: string; tracestate: string };
    expect(outgoing.traceparent).toMatch(new RegExp(`^00-${TRACE}-[0-9a-f]{16}-01$`));
    expect(outgoing.traceparent).not.toContain(PARENT);
    expect(outgoing.tracestate).toBe('rojo=1');
    for (const msg of ['through req.log', 'through the app logger', 'request completed']) {
      const [line, ...more] = ofMessage(lines, msg);
      expect(line, msg).toMatchObject({ reqId: 'req-1', traceId: TRACE });
      expect(more).toEqual([]);
    }
    // Bindings and the mixin never both write a field: the raw line holds each once.
    const { logger: raw, lines: rawLines } = capturing();
    await request(appLoggingTo(raw)).post('/api/things/1').set('X-Request-Id', 'req-2').send({});
    expect(rawLines.every((l) => l.reqId === 'req-2')).toBe(true);
  });

  it('starts a new trace when the traceparent is invalid, and still answers', async () => {
    const { logger, lines } = capturing();
    const app = appLoggingTo(logger);
    const invalid = [`00-${'0'.repeat(32)}-${PARENT}-01`, `00-${TRACE}-${'0'.repeat(16)}-01`, `00-${TRACE.toUpperCase()}-${PARENT}-01`, `00-${TRACE}-${PARENT}-1`, `ff-${TRACE}-${PARENT}-01`, `00-${TRACE}a-${PARENT}-01`];
    for (const [i, traceparent] of invalid.entries()) {
      const res = await request(app).post('/api/things/1').set({ traceparent, tracestate: 'rojo=1', 'X-Request-Id': `bad-${i}` }).send({});
      expect(res.status, traceparent).toBe(200);
      const outgoing = res.body.outgoing as { traceparent: string; tracestate?: string };
      expect(outgoing.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
      expect(outgoing.traceparent).not.toContain(TRACE);
      expect(outgoing.tracestate, 'tracestate is read only with a valid traceparent').toBeUndefined();
      const traceId = outgoing.traceparent.slice(3, 35);
      expect(lines.filter((l) => l.reqId === `bad-${i}`).map((l) => l.traceId)).toEqual([traceId, traceId, traceId]);
    }
  });

  it('keeps the call on the fast lane, whose body arrives in the connection context', async () => {
    const { logger, lines } = capturing();
    const lane = new FastLane({ before: [requestLog(logger)], bodyChecks: [], errorHandler: errorHandler as ErrorRequestHandler, bodyLimit: 1024, trustProxy: () => false });
    lane.add('/call', [
      (_req, res) => {
        logger.info('lane handler');
        sendJson(res, 200, traceHeaders());
      },
    ]);
    const handler = lane.handler((_req: IncomingMessage, res) => sendJson(res, 404, {}));
    const res = await request(handler).post('/call').set({ traceparent: TRACEPARENT, 'X-Request-Id': 'lane-1' }).send({ message: 'hi' });
    expect(res.body.traceparent).toMatch(new RegExp(`^00-${TRACE}-`));
    expect(ofMessage(lines, 'lane handler')[0]).toMatchObject({ reqId: 'lane-1', traceId: TRACE });
  });
});

describe('work done for a call elsewhere', () => {
  it('the engine worker: its lines name the call its task was run for', async () => {
    const { logger, lines } = capturing('debug');
    const pool = new EnginePool(1, { logger });
    try {
      await pool.ready();
      const call = new RequestContext('engine-call', TRACEPARENT, undefined);
      await runIn(call, () => pool.run('ping', {}));
      expect(ofMessage(lines, 'engine task done')).toEqual([expect.objectContaining({ reqId: 'engine-call', traceId: TRACE, task: 'ping' })]);
      // A worker that dies names the calls whose tasks it held.
      const seed = new Uint8Array(32).fill(5);
      const held = runIn(new RequestContext('held-call', undefined, undefined), () => pool.run('mlDsaSign', { level: 44, seed, message: new Uint8Array(4 << 20), context: new Uint8Array() }));
      const slots = (pool as unknown as { slots: { worker: { terminate(): Promise<number> } }[] }).slots;
      await slots[0]!.worker.terminate();
      await expect(held).rejects.toMatchObject({ code: 'engine_crashed' });
      expect(lines.find((l) => l.level === 50)).toMatchObject({ reqIds: ['held-call'], task: 'mlDsaSign' });
    } finally {
      await pool.close();
    }
  });

  it('the group commit: its lines name every call it serves, whichever call scheduled it', async () => {
    const { logger, lines } = capturing();
    const repository: OperationsRepository = {
      commit: async (batch: CommitBatch) => {
        logger.info({ entries: batch.length }, 'committing');
        return batch.map((_, i) => (i === 1 ? { stored: false as const, error: new Error('owner deleted') } : { stored: true as const }));
      },
    };
    const operations = new OperationsService(repository, {} as OperationHistoryRepository, (error) => logger.error({ err: error }, 'an operation record could not be stored'));
    const record = newOperation({ channel: 'api', userId: 'u1', demoSessionId: null, apiKey: null }, { operationType: 'sign', algorithm: 'ML-DSA-44', message: 'm', signature: {} });
    const calls = ['c-1', 'c-2', 'c-3'].map((id) => new RequestContext(id, undefined, undefined));
    const outcomes = await Promise.allSettled(calls.map((call) => runIn(call, () => operations.record(record))));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    for (const msg of ['committing', 'an operation record could not be stored']) {
      const line = ofMessage(lines, msg)[0]!;
      expect(line, msg).toMatchObject({ reqIds: ['c-1', 'c-2', 'c-3'] });
      expect(line.reqId, msg).toBeUndefined();
    }
  });

  it('an outgoing PayPal call carries the call trace', async () => {
    const seen: Headers[] = [];
    const fetch = (async (_url: string, init: RequestInit) => {
      seen.push(new Headers(init.headers));
      return new Response(JSON.stringify({ access_token: 't', token_type: 'Bearer', expires_in: 3600 }), { status: 200 });
    }) as typeof globalThis.fetch;
    const client = new PaypalClient({ baseUrl: () => 'http://paypal.test', clientId: 'id', clientSecret: 'secret', fetch });
    const call = new RequestContext('pay-1', TRACEPARENT, 'rojo=1');
    await runIn(call, () => client.accessToken());
    expect(seen[0]!.get('traceparent')).toBe(`00-${TRACE}-${call.spanId}-01`);
    expect(seen[0]!.get('tracestate')).toBe('rojo=1');
    expect(seen[0]!.get('authorization')).toMatch(/^Basic /);
  });
});
