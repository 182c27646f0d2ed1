/**
 * Which call the code running now works for: the request's id and trace, kept in an
 * AsyncLocalStorage so that any log line written while handling it, through any logger made by
 * createLogger, carries them (the pino mixin below), and so that outgoing HTTP calls pass the trace
 * on (W3C Trace Context). A group commit serves several calls: it runs in a context naming all
 * of them (bounded). docs/decisions/064-tracing.md.
 *
 * The spans of an OpenTelemetry export come through the Tracer set by useTracer(): this module
 * imports nothing of OpenTelemetry, which is loaded only when an endpoint is configured
 * (otel-export.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { formatTraceparent, newSpanId, newTraceId, parseTraceparent, parseTracestate } from './trace-context.ts';

/** One span of the export: its id, and end() once its work is done. */
export interface SpanHandle {
  readonly spanId: string;
  /** The caller's trace id, or the one the exporter drew for a new trace. */
  readonly traceId: string;
  /** The trace flags to pass on (the sampling decision). */
  readonly flags: number;
  end(name?: string, attributes?: Record<string, string | number | boolean>, failed?: boolean): void;
}

/** What an exporter offers (otel-export.ts); absent when none is configured. */
export interface Tracer {
  /** The request's span, under the caller's span when it sent one, else in a new trace. */
  request(parent: { traceId: string; parentId: string; flags: number; tracestate: string | undefined } | undefined): SpanHandle;
  /** A span of work done for the request (an engine task), under its span. */
  child(request: RequestContext, name: string): SpanHandle;
  /** A group commit's span, linked to the spans of the calls it serves. */
  commit(requests: readonly RequestContext[]): SpanHandle;
}

let tracer: Tracer | undefined;

/** Set once at start when an exporter is configured (app.ts). */
export function useTracer(next: Tracer | undefined): void {
  tracer = next;
}

export function activeTracer(): Tracer | undefined {
  return tracer;
}

/** A request: its id (X-Request-Id), its trace, and its own span id. */
export class RequestContext {
  readonly traceId: string;
  readonly spanId: string;
  /** Trace flags as passed on: the caller's, or the exporter's sampling decision. */
  readonly flags: number;
  readonly tracestate: string | undefined;
  readonly span: SpanHandle | undefined;

  constructor(
    readonly id: string,
    traceparent: string | string[] | undefined,
    tracestate: string | string[] | undefined,
  ) {
    const parent = parseTraceparent(traceparent);
    // The standard reads tracestate only with a valid traceparent.
    this.tracestate = parent ? parseTracestate(tracestate) : undefined;
    this.span = tracer?.request(parent && { ...parent, tracestate: this.tracestate });
    this.traceId = this.span?.traceId ?? parent?.traceId ?? newTraceId();
    this.spanId = this.span?.spanId ?? newSpanId();
    this.flags = this.span?.flags ?? parent?.flags ?? 0;
  }

  /** Fields every log line written for this request carries. */
  logFields(): Record<string, unknown> {
    return { reqId: this.id, traceId: this.traceId };
  }

  /** Headers for an outgoing call made for this request: our span is its parent. */
  outgoingHeaders(): Record<string, string> {
    const traceparent = formatTraceparent(this.traceId, this.spanId, this.flags);
    return this.tracestate === undefined ? { traceparent } : { traceparent, tracestate: this.tracestate };
  }
}

/** A commit's lines name at most this many calls: a commit holds up to 256 rows. */
export const MAX_LOGGED_IDS = 32;

/** A group commit: the calls whose rows it writes. */
export class CommitContext {
  constructor(readonly requests: readonly RequestContext[]) {}

  logFields(): Record<string, unknown> {
    const ids = this.requests.slice(0, MAX_LOGGED_IDS).map((r) => r.id);
    return this.requests.length > MAX_LOGGED_IDS ? { reqIds: ids, reqCount: this.requests.length } : { reqIds: ids };
  }
}

type Context = RequestContext | CommitContext;

const storage = new AsyncLocalStorage<Context>();

/** Runs `fn` (and all it starts) as work for `context`. */
export function runIn<T>(context: Context | undefined, fn: () => T): T {
  return context === undefined ? storage.exit(fn) : storage.run(context, fn);
}

/** The request being handled here, if any. */
export function currentRequest(): RequestContext | undefined {
  const context = storage.getStore();
  return context instanceof RequestContext ? context : undefined;
}

/** `traceparent` (and `tracestate`) for an outgoing HTTP call; none outside a request. */
export function traceHeaders(): Record<string, string> {
  return currentRequest()?.outgoingHeaders() ?? {};
}

/**
 * `fn`, run in the context current now whenever it is called later: for callbacks that an event
 * emitter calls in its own context (a request body's 'end', emitted by the connection).
 */
export function bindToContext<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  const context = storage.getStore();
  return context === undefined ? fn : (...args: A) => storage.run(context, fn, ...args);
}

/** Marks a logger whose bindings already name the request (req.log), so the mixin adds nothing twice. */
export const BOUND_TO_REQUEST = Symbol('bound to a request');

/**
 * pino's mixin: the fields of the context the line is written in. A fresh object each time: pino
 * merges the line's own fields into it. Fields the line sets itself win (a pool line naming its task's call).
 */
export function contextFields(mergeObject: object, _level: number, logger: object): object {
  const context = storage.getStore();
  if (context === undefined || (logger as { [BOUND_TO_REQUEST]?: boolean })[BOUND_TO_REQUEST]) return {};
  if ('reqId' in mergeObject || 'reqIds' in mergeObject) return {};
  return context.logFields();
}
