/**
 * Where the client's settings come from: the arguments first, then PQ_API_KEY, PQ_API_SECRET and
 * PQ_API_URL in the environment (when there is one: a browser has none), then the default server.
 */
import { PqConfigError } from './errors.ts';

export const DEFAULT_API_URL = 'http://localhost:5000';

export interface ConnectionOptions {
  /** pk_…, sent as x-api-key. Default: PQ_API_KEY. */
  apiKey?: string;
  /** sk_…, sent as x-api-secret. Default: PQ_API_SECRET. */
  apiSecret?: string;
  /** The server's origin. Default: PQ_API_URL, else http://localhost:5000. */
  baseUrl?: string;
  /** Where PQ_* are read from. Default: process.env where there is one. */
  env?: Record<string, string | undefined>;
}

export interface Connection {
  baseUrl: string;
  /** Present only when both halves are: the open operations need neither. */
  credentials: { apiKey: string; apiSecret: string } | undefined;
}

const processEnv = (): Record<string, string | undefined> => (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};

export function resolveConnection(options: ConnectionOptions = {}): Connection {
  const env = options.env ?? processEnv();
  const baseUrl = (options.baseUrl ?? env.PQ_API_URL ?? DEFAULT_API_URL).replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new PqConfigError(`The API URL "${baseUrl}" is not a URL: give one like https://api.example.com (PQ_API_URL or baseUrl).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PqConfigError(`The API URL must be http or https, not ${url.protocol} (PQ_API_URL or baseUrl).`);
  const apiKey = options.apiKey ?? env.PQ_API_KEY;
  const apiSecret = options.apiSecret ?? env.PQ_API_SECRET;
  if ((apiKey === undefined) !== (apiSecret === undefined)) {
    throw new PqConfigError(`Give both the API key and its secret (PQ_API_KEY and PQ_API_SECRET, or apiKey and apiSecret): only the ${apiKey === undefined ? 'secret' : 'key'} was given.`);
  }
  return { baseUrl, credentials: apiKey !== undefined && apiSecret !== undefined ? { apiKey, apiSecret } : undefined };
}
