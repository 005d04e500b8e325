import "server-only";
/**
 * Turns traces on when OTEL_EXPORTER_OTLP_ENDPOINT is set: loads the
 * OpenTelemetry SDK (only then: with the variable unset nothing of it is
 * imported), exports spans over OTLP/HTTP (JSON) to `<endpoint>/v1/traces`,
 * and registers the async context manager and W3C propagator so spans nest
 * across awaits and jobs. Idempotent; returns what flushes and stops it.
 */
import { env } from "../config/env";
import { setTracingOn } from "./context";

export interface Telemetry {
  /** exports every ended span now (tests, shutdown) */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

let started: Promise<Telemetry | null> | null = null;

export function startTelemetry(): Promise<Telemetry | null> {
  started ??= load();
  return started;
}

async function load(): Promise<Telemetry | null> {
  const endpoint = env().OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return null;
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] = await Promise.all([
    import("@opentelemetry/sdk-trace-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
  ]);
  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, "")}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": env().OTEL_SERVICE_NAME ?? "gatehouse" }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1_000 })],
  });
  provider.register();
  setTracingOn(true);
  return {
    flush: () => provider.forceFlush(),
    async shutdown() {
      setTracingOn(false);
      await provider.shutdown();
      started = null;
    },
  };
}
