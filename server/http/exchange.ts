/**
 * Reading a request and answering it through node's own request and response objects, so that the
 * same code serves Express's routes and the fast lane's (fast-lane.ts), which never turns node's
 * objects into Express's.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { jsonBytesOf } from './raw-json.ts';

/** Sends `body` as JSON with `status`, as Express's res.status(status).json(body) would (a JsonBytes as written). */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  sendJsonBytes(res, status, jsonBytesOf(body));
}

/** Sends a JSON body already encoded (encoded once: measuring a string's length and then writing it would walk it twice). */
export function sendJsonBytes(res: ServerResponse, status: number, bytes: Buffer): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', bytes.length);
  res.end(bytes);
}

/** The media type of a Content-Type header, lower-cased and without its parameters ('' when absent). */
export function mediaTypeOf(contentType: string | undefined): string {
  if (contentType === undefined) return '';
  const semicolon = contentType.indexOf(';');
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
}

/** A request header's value (repeated headers joined, as node does for all but a few). */
export function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** True when the request carries a body (a non-zero Content-Length, or a chunked one). */
export function hasBody(req: IncomingMessage): boolean {
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}
