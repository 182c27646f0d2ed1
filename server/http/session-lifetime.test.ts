import express from 'express';
import session from 'express-session';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ABSOLUTE_SESSION_MS, absoluteSessionLifetime, stampSignIn } from './session-lifetime.ts';

function appAt(clock: { now: number }) {
  const app = express();
  app.use(session({ secret: 'test', resave: false, saveUninitialized: false }));
  app.use(absoluteSessionLifetime(ABSOLUTE_SESSION_MS, () => clock.now));
  app.post('/sign-in', (req, res) => {
    req.session.demo = true;
    stampSignIn(req, clock.now);
    res.json({ ok: true });
  });
  app.get('/who', (req, res) => res.json({ signedIn: req.session.signedInAt !== undefined }));
  return app;
}

describe('absoluteSessionLifetime', () => {
  it('ends a session 30 days after sign-in however active it was, and not before', async () => {
    const clock = { now: Date.parse('2026-01-01T00:00:00Z') };
    const agent = request.agent(appAt(clock));
    await agent.post('/sign-in');
    clock.now += ABSOLUTE_SESSION_MS - 1000;
    expect((await agent.get('/who')).body).toEqual({ signedIn: true });
    clock.now += 1000;
    expect((await agent.get('/who')).body).toEqual({ signedIn: false });
  });
});
