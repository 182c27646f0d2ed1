/**
 * What only this machine may see (docs/decisions/035, 037): the PayPal emulator's REST API and the
 * mail outbox. A request qualifies when its connection comes from this machine (loopback, or the
 * server's own address calling itself) and carries no header a proxy adds, since a proxy on this
 * machine would make any outsider's request look local.
 */
import type { Request, RequestHandler } from 'express';
import { isLoopbackHost } from '../config.ts';

/** Headers a proxy adds: a request that carries one did not come straight from this machine or a browser. */
export const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'via'];

export const throughProxy = (req: Request): boolean => PROXY_HEADERS.some((name) => req.headers[name] !== undefined);

/** A connection from this machine: loopback, or the server's own address calling itself. */
export function fromThisMachine(req: Request): boolean {
  const remote = req.socket.remoteAddress ?? '';
  return isLoopbackHost(remote) || remote === req.socket.localAddress;
}

/** Lets through only requests from this machine that came through no proxy; others get 403 and `refuse`'s answer. */
export function localOnly(refuse: (req: Request, res: Parameters<RequestHandler>[1]) => void): RequestHandler {
  return (req, res, next) => (fromThisMachine(req) && !throughProxy(req) ? next() : refuse(req, res));
}
