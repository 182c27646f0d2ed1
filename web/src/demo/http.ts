/**
 * POST to the demo API. Like lib/api.ts (docs/product.md §8: the server's `message` is what a person sees), plus
 * what the benchmark needs: the Retry-After of a rate-limited call, the answer's headers (its
 * Server-Timing), and fetch failures reported as 'Network error' (docs/product.md §8) rather than the
 * browser's wording, in the page's language (docs/decisions/041); the server's own `message` stays as sent.
 */
import { i18n } from '../i18n/index.ts';
import { ApiError } from '../lib/api.ts';

export class DemoCallError extends ApiError {
  constructor(
    status: number,
    serverMessage: string,
    code?: string,
    param?: string,
    /** Seconds to wait, for a 429 rate_limited answer. */
    readonly retryAfterSeconds?: number,
  ) {
    super(status, serverMessage, code, param);
  }
}

/** Given a successful answer's headers, before its body is returned. */
export type HeadersSink = (headers: Headers) => void;

/**
 * This browser's demo session, started once per page load before its first demo call: its cookie
 * keeps one demo key per algorithm and this visitor's own history (docs/api.md §6; without it the
 * server gives calls one owner per address and hour). A failure is retried on the next call.
 */
let demoSession: Promise<void> | undefined;
function startDemoSession(): Promise<void> {
  demoSession ??= fetch('/api/demo/session', { method: 'POST', credentials: 'include' }).then(
    (res) => {
      if (!res.ok) demoSession = undefined;
    },
    () => {
      demoSession = undefined;
    },
  );
  return demoSession;
}

export async function postDemo<T>(path: string, body: unknown, onHeaders?: HeadersSink): Promise<T> {
  await startDemoSession();
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error(i18n.t('demo:networkError'));
  }
  const text = await res.text();
  if (res.ok) {
    onHeaders?.(res.headers);
    return (text ? JSON.parse(text) : null) as T;
  }
  let message = text || res.statusText;
  let code: string | undefined;
  let param: string | undefined;
  try {
    const parsed = JSON.parse(text) as { message?: unknown; code?: unknown; param?: unknown };
    if (typeof parsed.message === 'string') message = parsed.message;
    if (typeof parsed.code === 'string') code = parsed.code;
    if (typeof parsed.param === 'string') param = parsed.param;
  } catch {
    // Not our JSON error body (a proxy's page, say): the text itself is the message.
  }
  const retryAfter = Number(res.headers.get('retry-after'));
  throw new DemoCallError(res.status, message, code, param, retryAfter > 0 ? retryAfter : undefined);
}
