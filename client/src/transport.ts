/**
 * The fetch under the typed client: one Idempotency-Key per POST kept across its attempts, and the
 * retries of retry-policy.ts with their waits. Only fetch, Request and Response are used, so it runs
 * the same in Node 20+ and in browsers.
 */
import { PqNetworkError } from './errors.ts';
import { OutgoingRequest } from './outgoing-request.ts';
import { DEFAULT_RETRY, delayBeforeRetry, isRetryableStatus, retryAfterMs, type RetryOptions } from './retry-policy.ts';

type Fetch = (request: Request) => Promise<Response>;

export interface TransportOptions {
  /** Sends one attempt; each gets a Request of its own. Default: the global fetch, given the URL and init. */
  fetch?: Fetch;
  retry?: RetryOptions;
  /** How to wait (tests pass one that records instead of sleeping). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const sleepFor = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((done, fail) => {
    if (signal?.aborted) return fail(signal.reason);
    const timer = setTimeout(() => (signal?.removeEventListener('abort', stop), done()), ms);
    const stop = () => (clearTimeout(timer), fail(signal?.reason));
    signal?.addEventListener('abort', stop, { once: true });
  });

/** The `code` of an error answer, read from a copy so the caller can still read the body. */
async function errorCodeOf(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as { code?: unknown };
    return typeof body?.code === 'string' ? body.code : undefined;
  } catch {
    return undefined;
  }
}

/** One attempt of `request`: a plain one by URL and init (see outgoing-request.ts), a Request by a clone. */
function attemptOf(request: Request | OutgoingRequest, fetch: Fetch | undefined): () => Promise<Response> {
  if (request instanceof OutgoingRequest) return fetch ? () => fetch(request.toRequest()) : () => globalThis.fetch(request.url, request.requestInit());
  return () => (fetch ?? globalThis.fetch)(request.clone());
}

/** A fetch that sends `request` until it gets an answer worth returning, within the retry bound. */
export function retryingFetch(options: TransportOptions = {}): (request: Request | OutgoingRequest) => Promise<Response> {
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const sleep = options.sleep ?? sleepFor;
  return async (request) => {
    if (request.method === 'POST' && !request.headers.has('idempotency-key')) request.headers.set('Idempotency-Key', crypto.randomUUID());
    const call = `${request.method} ${new URL(request.url).pathname}`;
    const send = attemptOf(request, options.fetch);
    for (let attempt = 0; ; attempt++) {
      let response: Response | undefined;
      let failure: unknown;
      try {
        response = await send();
      } catch (error) {
        if (request.signal?.aborted) throw error;
        failure = error;
      }
      const retryable =
        response === undefined ||
        isRetryableStatus(response.status, response.status === 409 || response.status === 429 ? await errorCodeOf(response) : undefined, response.headers.has('retry-after'));
      if (!retryable) return response!;
      const serverAsked = response ? retryAfterMs(response.headers.get('retry-after')) : undefined;
      const wait = attempt < retry.retries ? delayBeforeRetry(attempt, retry, serverAsked) : undefined;
      if (wait === undefined) {
        if (response) return response;
        throw new PqNetworkError(call, attempt + 1, { cause: failure });
      }
      await response?.body?.cancel();
      await sleep(wait, request.signal ?? undefined);
    }
  };
}
