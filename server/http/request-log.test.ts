import express from 'express';
import { Writable } from 'node:stream';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { answeredUnavailableByDesign, loggedUrl, requestLog } from './request-log.ts';

function appLoggingTo(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  const app = express();
  app.use(requestLog(createLogger(level, sink)));
  app.get('/ok', (_req, res) => res.json({ ok: true }));
  app.get('/missing', (_req, res) => res.status(404).json({}));
  app.get('/draining', (_req, res) => {
    answeredUnavailableByDesign(res);
    res.status(503).json({});
  });
  app.get('/unavailable', (_req, res) => res.status(503).json({}));
  app.get('/broken', (req, res) => {
    req.log.error('something inside failed');
    res.status(500).json({});
  });
  return { app, lines };
}

describe('requestLog', () => {
  it('writes one line per request at info, warn or error by status, with id, method, URL and time', async () => {
    const { app, lines } = appLoggingTo('info');
    await request(app).get('/ok?x=1').set('X-Request-Id', 'r-ok');
    await request(app).get('/missing');
    await request(app).get('/broken').set('X-Request-Id', 'r-broken');
    const requests = lines.filter((l) => l.req);
    expect(requests.map((l) => [l.level, (l.res as { statusCode: number }).statusCode])).toEqual([[30, 200], [40, 404], [50, 500]]);
    expect(requests[0]).toMatchObject({ req: { id: 'r-ok', method: 'GET', url: '/ok?x=1' }, msg: 'request completed', responseTime: expect.any(Number) });
    expect(requests[2]).toMatchObject({ msg: 'request errored' });
    expect(lines.find((l) => l.msg === 'something inside failed')).toMatchObject({ reqId: 'r-broken', level: 50 });
  });

  it('writes a 503 answered by design at warn, and any other 503 at error', async () => {
    const { app, lines } = appLoggingTo('info');
    await request(app).get('/draining');
    await request(app).get('/unavailable');
    expect(lines.map((l) => [l.level, l.msg])).toEqual([[40, 'request completed'], [50, 'request errored']]);
  });

  it('never logs an OAuth code or state, or a token, from the query string', async () => {
    const { app, lines } = appLoggingTo('info');
    await request(app).get('/missing?code=4%2F0Adeu5BW-SECRET&scope=email&state=STATESECRET');
    const line = JSON.stringify(lines);
    expect(line).not.toMatch(/SECRET/);
    expect(lines[0]).toMatchObject({ req: { url: '/missing?code=[redacted]&scope=email&state=[redacted]' } });
    expect(loggedUrl('/api/auth/verify-email?token=abc.def')).toBe('/api/auth/verify-email?token=[redacted]');
    expect(loggedUrl('/api/docs?encode=1')).toBe('/api/docs?encode=1');
  });

  it('writes nothing for requests below the configured level', async () => {
    const { app, lines } = appLoggingTo('warn');
    await request(app).get('/ok');
    await request(app).get('/missing');
    expect(lines.map((l) => (l.res as { statusCode: number }).statusCode)).toEqual([404]);
  });
});
