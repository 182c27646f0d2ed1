/**
 * The one error handler (Express's, and the fast lane's): maps AppError, body-parser failures and anything unexpected to
 * `{ message, code, param?, details?, requestId }` (docs/api.md §2.3). Unexpected errors are logged with
 * the request id and answered with a 500 that reveals nothing internal.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError } from '../errors.ts';
import { sendJson } from './exchange.ts';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  limit?: number;
}

/** body-parser (express.json) failures are the client's: say what to fix. */
function fromBodyParser(err: BodyParserError): AppError | undefined {
  switch (err.type) {
    case 'entity.parse.failed':
      return new AppError(400, 'invalid_json', `The request body is not valid JSON (${err.message}): send a JSON object.`);
    case 'entity.too.large':
      return new AppError(413, 'payload_too_large', `The request body is larger than the ${Math.round((err.limit ?? 0) / 1024)} KiB limit.`);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError(415, 'unsupported_encoding', `${err.message}: send UTF-8 JSON.`);
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return new AppError(400, 'bad_request', `The request body could not be read (${err.message}).`);
    default:
      if (typeof err.status === 'number' && err.status >= 400 && err.status < 500) {
        return new AppError(err.status, 'bad_request', err.message || 'The request could not be processed.');
      }
      return undefined;
  }
}

export const errorHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) {
    next(err);
    return;
  }
  const error = err instanceof AppError ? err : fromBodyParser(err as BodyParserError);
  const requestId = String(req.id ?? '');
  if (!error) {
    req.log?.error({ err }, 'unhandled error');
    sendJson(res, 500, { message: 'Internal server error: the failure was logged; retry later.', code: 'internal_error', requestId });
    return;
  }
  if (error.status >= 500) req.log?.error({ err }, error.message);
  for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
  sendJson(res, error.status, {
    message: error.message,
    code: error.code,
    ...(error.param !== undefined ? { param: error.param } : {}),
    ...(error.details !== undefined ? { details: error.details } : {}),
    requestId,
  });
};

/** Unknown /api paths get a JSON 404 rather than Express's HTML page. */
export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new AppError(404, 'not_found', `There is no ${req.method} ${req.baseUrl}${req.path}: see /api/docs for the API's routes.`));
};
