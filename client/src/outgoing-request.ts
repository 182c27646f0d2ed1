/**
 * The request openapi-fetch builds (its `Request` option), kept as the URL and init it was given
 * instead of a fetch Request. A Request's body is a stream: sending one, and cloning it for each
 * attempt, cost Node's fetch about 200 µs of CPU per POST over fetch(url, init) with a string body
 * (bench/README.md, the client suite), which is the client's whole budget. The body here stays the
 * serialized string, sent as many times as there are attempts.
 *
 * It has what the client's middleware and transport read (url, method, headers, body, signal); a
 * middleware added through `api.use` sees this object too, and gets a real Request from toRequest().
 */
export class OutgoingRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: BodyInit | null | undefined;
  readonly signal: AbortSignal | undefined;
  private readonly init: RequestInit;

  constructor(url: string | URL, init: RequestInit = {}) {
    this.url = String(url);
    this.init = init;
    this.method = (init.method ?? 'GET').toUpperCase();
    this.headers = new Headers(init.headers);
    this.body = init.body;
    this.signal = init.signal ?? undefined;
  }

  /** The init to send this request with: its headers as they are now (an Idempotency-Key added, say). */
  requestInit(): RequestInit {
    return { ...this.init, method: this.method, headers: this.headers, body: this.body ?? null };
  }

  /** A fetch Request of it, new on every call (a Request's body can be read once). */
  toRequest(): Request {
    return new Request(this.url, this.requestInit());
  }
}
