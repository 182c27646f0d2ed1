/**
 * What a call can fail with. The API answers every error as { message, code, param?, details?,
 * requestId } (docs/api.md §3); PqApiError carries those fields and the status, so callers branch on
 * `code`, never on message text.
 */

/** The API's error body (components.schemas.Error in the OpenAPI document). */
export interface ApiErrorBody {
  message: string;
  code: string;
  param?: string;
  details?: unknown;
  requestId?: string;
}

export class PqError extends Error {
  override name = 'PqError';
}

/** The client was not given what it needs (an API key, a base URL), or was given something unusable. */
export class PqConfigError extends PqError {
  override name = 'PqConfigError';
}

/** The API answered with an error status. */
export class PqApiError extends PqError {
  override name = 'PqApiError';
  readonly code: string;
  readonly param: string | undefined;
  readonly details: unknown;
  readonly requestId: string | undefined;

  constructor(
    readonly status: number,
    body: ApiErrorBody,
    /** The method and path called, for the message. */
    readonly call: string,
  ) {
    super(`${call} answered ${status} ${body.code}: ${body.message}`);
    this.code = body.code;
    this.param = body.param;
    this.details = body.details;
    this.requestId = body.requestId;
  }
}

/** The server could not be reached (refused, reset, DNS, timeout), after every retry. */
export class PqNetworkError extends PqError {
  override name = 'PqNetworkError';
  constructor(
    readonly call: string,
    readonly attempts: number,
    options: { cause: unknown },
  ) {
    super(`${call} failed after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${String((options.cause as Error)?.message ?? options.cause)}`, options);
  }
}

/** The error body of a response, or a stand-in naming the status when the body is not the API's JSON (a proxy's page, say). */
export function errorBodyOf(status: number, text: string): ApiErrorBody {
  try {
    const parsed = JSON.parse(text) as Partial<ApiErrorBody>;
    if (typeof parsed?.code === 'string' && typeof parsed.message === 'string') return parsed as ApiErrorBody;
  } catch {
    // not JSON: described below
  }
  return { code: `http_${status}`, message: text.trim().slice(0, 200) || `HTTP ${status} with no body` };
}
