/**
 * The web app's HTTP client (docs/product.md §7, §8): every call sends cookies, a JSON body only when one is
 * given, and a non-OK response becomes an ApiError whose message is "status: body" (or the server's
 * `message` field, which callers prefer when showing it to a person).
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's `message` field when the body was our JSON error, else the raw body text. */
    readonly serverMessage: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(`${status}: ${serverMessage}`);
  }
}

/** Throws the ApiError of a non-OK response; for callers that read more than the body (a paging header, say). */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  try {
    const body = JSON.parse(text) as { message?: string; code?: string; param?: string };
    if (typeof body.message === 'string') throw new ApiError(res.status, body.message, body.code, body.param);
  } catch (error) {
    if (error instanceof ApiError) throw error;
  }
  throw new ApiError(res.status, text);
}

/** Sends a request and returns the parsed JSON (or null for an empty body). */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  await throwIfNotOk(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** The message to show a person for a failed call: the server's sentence, else a fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** Default query function: GET the first element of the query key; 401 throws. */
export async function getJson<T>({ queryKey }: { queryKey: readonly unknown[] }): Promise<T> {
  return apiRequest<T>('GET', String(queryKey[0]));
}
