/**
 * Traces (OpenTelemetry, GenAI semantic conventions) as the rest of the code
 * sees them: spans, events and the trace context a job carries. Everything
 * here goes through `@opentelemetry/api` only, and does nothing at all until
 * start-telemetry.ts has loaded an SDK (OTEL_EXPORTER_OTLP_ENDPOINT set): when
 * tracing is off a span helper is one boolean check and a direct call.
 */
import { context, propagation, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span } from "@opentelemetry/api";

let on = false;

/** Set by start-telemetry.ts once a tracer provider is registered. */
export function setTracingOn(value: boolean): void {
  on = value;
}

export function tracingOn(): boolean {
  return on;
}

const tracer = () => trace.getTracer("gatehouse");

/**
 * Runs `fn` inside a span named `name` (its child spans and enqueued jobs join
 * it), ending it when `fn` settles and marking it an error when `fn` throws.
 * `parent` starts it in another context (a job's carried trace); `kind` says
 * what sort of span it is (a request to another service is a CLIENT span).
 */
export async function withSpan<T>(name: string, attributes: Attributes, fn: (span: Span | undefined) => Promise<T>, parent?: Context, kind?: SpanKind): Promise<T> {
  if (!on) return fn(undefined);
  return tracer().startActiveSpan(name, { attributes, kind }, parent ?? context.active(), async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Adds attributes to the span at work (the run's agent once it is known, a tool call's decision). */
export function annotateSpan(attributes: Attributes, name?: string): void {
  if (!on) return;
  const span = trace.getActiveSpan();
  if (!span) return;
  span.setAttributes(attributes);
  if (name) span.updateName(name);
}

/** An event on the span at work (G4: an approval asked for, decided). */
export function spanEvent(name: string, attributes: Attributes = {}): void {
  if (!on) return;
  trace.getActiveSpan()?.addEvent(name, attributes);
}

/** The W3C trace context of the span at work, to store with a job so its worker continues the trace. */
export function traceCarrier(): { traceparent?: string } {
  if (!on) return {};
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? { traceparent: carrier.traceparent } : {};
}

/** The context a job's stored payload carries (the root context when it carries none). */
export function contextFromCarrier(payload: Record<string, unknown>): Context | undefined {
  if (!on) return undefined;
  const traceparent = typeof payload.traceparent === "string" ? payload.traceparent : undefined;
  return traceparent ? propagation.extract(context.active(), { traceparent }) : context.active();
}
