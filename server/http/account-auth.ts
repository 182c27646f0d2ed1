/**
 * The 'account' auth mode (docs/decisions/057-management-api-keys.md): the account's owner, either
 * by a signed-in session (as 'user': cookie, origin check) or by a management API key, x-api-key +
 * x-api-secret of a key whose allowedOperations name `manage` (cookies are not read then). Which one
 * is decided by the x-api-key header alone, so a request never mixes the two. Handlers get the owner
 * with accountIdOf(req) and the audit actor with auditActorOf(req), whichever way it came.
 */
import express, { type Request, type RequestHandler } from 'express';
import { canManage } from '../../shared/key-operations.ts';
import { AppError } from '../errors.ts';
import type { AuditActor } from '../features/audit/audit.service.ts';

/** After API-key authentication: 403 unless the key may manage (null, every metered operation, does not). */
export const requireManageKey: RequestHandler = (req, _res, next) => {
  if (canManage(req.apiCaller!.allowedOperations)) return next();
  next(new AppError(403, 'operation_not_allowed', 'This API key cannot manage the account: these routes need a key with the manage operation (create one, or add manage to this key, in the dashboard), or a signed-in session.'));
};

/** Runs `byKey` when the request names an API key (x-api-key present, even empty), `bySession` otherwise. */
export function accountAuth(bySession: RequestHandler[], byKey: RequestHandler[]): RequestHandler {
  const session = express.Router().use(bySession);
  const key = express.Router().use(byKey);
  return (req, res, next) => (req.headers['x-api-key'] !== undefined ? key : session)(req, res, next);
}

/** The account's owner on a 'user' or 'account' route: the session's user, or the management key's account. */
export function accountIdOf(req: Request): string {
  const id = req.apiCaller?.userId ?? req.user?.id;
  if (id === undefined) throw new Error('accountIdOf needs a route with auth user or account');
  return id;
}

/** Who acts, for the audit log: the key by its pk_… id when a key authenticated the request, the account otherwise. */
export function auditActorOf(req: Request): AuditActor {
  return req.apiCaller ? { apiKey: req.apiCaller.keyValue } : 'account';
}
