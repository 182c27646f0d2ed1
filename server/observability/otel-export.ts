/**
 * The OpenTelemetry export: spans of each request (named by its route template), of each engine
 * task and of each group commit, sent over OTLP/HTTP to the collector that OTEL_EXPORTER_OTLP_*
 * names (server/config.ts). The only module that imports OpenTelemetry, and app.ts imports it
 * dynamically and only when an endpoint is set, so a server without one loads none of it
 * (otel-export.test.ts checks both; docs/decisions/064-tracing.md).
 *
 * Spans are started with explicit parents rather than through OpenTelemetry's context manager: the
 * request's context is already ours (request-context.ts), and a second AsyncLocalStorage would
 * cost every call again.
 */
import { createTraceState, diag, DiagLogLevel, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span, type Link } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { AlwaysOnSampler, BasicTracerProvider, BatchSpanProcessor, ParentBasedSampler } from '@opentelemetry/sdk-trace-base';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { APP_VERSION } from '../version.ts';
import { MAX_LOGGED_IDS, type RequestContext, type SpanHandle, type Tracer } from './request-context.ts';

class ExportedSpan implements SpanHandle {
  readonly spanId: string;
  readonly traceId: string;
  readonly flags: number;

  constructor(readonly span: Span) {
    const context = span.spanContext();
    this.spanId = context.spanId;
    this.traceId = context.traceId;
    this.flags = context.traceFlags;
  }

  end(name?: string, attributes?: Record<string, string | number | boolean>, failed?: boolean): void {
    if (name !== undefined) this.span.updateName(name);
    if (attributes) this.span.setAttributes(attributes);
    if (failed) this.span.setStatus({ code: SpanStatusCode.ERROR });
    this.span.end();
  }
}

/** OTEL_EXPORTER_OTLP_HEADERS: key=value pairs separated by commas, values URL-encoded (the OTLP exporter specification). */
export function parseOtlpHeaders(value: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (value ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    headers[decodeURIComponent(pair.slice(0, at).trim())] = decodeURIComponent(pair.slice(at + 1).trim());
  }
  return headers;
}

export interface OtelExport {
  tracer: Tracer;
  /** Sends the spans still buffered, then stops. */
  shutdown(): Promise<void>;
}

export function startOtelExport(settings: NonNullable<Config['openTelemetry']>, logger: Logger): OtelExport {
  // The exporter's own failures (a collector down) reach the log, at warn, rather than nowhere.
  const warn = (message: string, ...args: unknown[]) => logger.warn({ otel: args.map(String) }, `OpenTelemetry: ${message}`);
  diag.setLogger({ error: warn, warn, info: () => {}, debug: () => {}, verbose: () => {} }, DiagLogLevel.WARN);
  const exporter = new OTLPTraceExporter({ url: settings.tracesUrl, headers: parseOtlpHeaders(settings.secretHeaders) });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName, 'service.version': APP_VERSION }),
    // A caller's sampling decision is kept; a trace that starts here is sampled.
    sampler: new ParentBasedSampler({ root: new AlwaysOnSampler() }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  const otel = provider.getTracer('pq-platform', APP_VERSION);

  const parentOf = (request: RequestContext) => {
    const span = request.span instanceof ExportedSpan ? request.span.span : undefined;
    if (span) return trace.setSpan(ROOT_CONTEXT, span);
    return trace.setSpanContext(ROOT_CONTEXT, { traceId: request.traceId, spanId: request.spanId, traceFlags: request.flags, isRemote: true });
  };

  const tracer: Tracer = {
    request(parent) {
      const context = parent
        ? trace.setSpanContext(ROOT_CONTEXT, {
            traceId: parent.traceId,
            spanId: parent.parentId,
            traceFlags: parent.flags & 1,
            isRemote: true,
            ...(parent.tracestate !== undefined ? { traceState: createTraceState(parent.tracestate) } : {}),
          })
        : ROOT_CONTEXT;
      // Named by its route template when it ends; until then by its method alone.
      return new ExportedSpan(otel.startSpan('HTTP', { kind: SpanKind.SERVER }, context));
    },
    child(request, name) {
      return new ExportedSpan(otel.startSpan(name, { kind: SpanKind.INTERNAL }, parentOf(request)));
    },
    commit(requests) {
      const links: Link[] = [];
      for (const request of requests.slice(0, MAX_LOGGED_IDS)) {
        if (request.span instanceof ExportedSpan) links.push({ context: request.span.span.spanContext() });
      }
      return new ExportedSpan(otel.startSpan('db commit', { kind: SpanKind.INTERNAL, links, attributes: { 'pq.commit.calls': requests.length } }, ROOT_CONTEXT));
    },
  };
  const shown = new URL(settings.tracesUrl);
  logger.info({ url: shown.origin + shown.pathname, service: settings.serviceName }, 'OpenTelemetry: exporting spans over OTLP/HTTP');
  return { tracer, shutdown: () => provider.shutdown() };
}
