/**
 * A real OTLP/HTTP trace receiver on loopback: accepts POST /v1/traces in the
 * JSON encoding of the protobuf messages (what @opentelemetry/exporter-trace-otlp-http
 * sends) and keeps every span, flattened, for a test to read.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number; arrayValue?: { values?: AnyValue[] } };
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind?: number;
  attributes?: { key: string; value: AnyValue }[];
  events?: { name: string; attributes?: { key: string; value: AnyValue }[] }[];
}

/** One received span: ids as hex, attributes as plain values. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer */
  kind: number;
  attributes: Record<string, unknown>;
  events: { name: string; attributes: Record<string, unknown> }[];
}

function value(v: AnyValue): unknown {
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.intValue !== undefined) return Number(v.intValue);
  if (v.boolValue !== undefined) return v.boolValue;
  if (v.doubleValue !== undefined) return v.doubleValue;
  if (v.arrayValue) return (v.arrayValue.values ?? []).map(value);
  return null;
}

const attrs = (list: { key: string; value: AnyValue }[] = []) => Object.fromEntries(list.map((a) => [a.key, value(a.value)]));

export interface OtlpReceiver {
  endpoint: string;
  spans: ReceivedSpan[];
  /** requests that were not OTLP JSON on /v1/traces */
  rejected: number;
  close(): Promise<void>;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const received: OtlpReceiver = { endpoint: "", spans: [], rejected: 0, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/traces" || !/json/.test(req.headers["content-type"] ?? "")) {
        received.rejected += 1;
        res.writeHead(415).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { resourceSpans?: { scopeSpans?: { spans?: OtlpSpan[] }[] }[] };
      for (const rs of body.resourceSpans ?? [])
        for (const ss of rs.scopeSpans ?? [])
          for (const s of ss.spans ?? [])
            received.spans.push({
              traceId: s.traceId,
              spanId: s.spanId,
              parentSpanId: s.parentSpanId || null,
              name: s.name,
              kind: Number(s.kind ?? 0),
              attributes: attrs(s.attributes),
              events: (s.events ?? []).map((e) => ({ name: e.name, attributes: attrs(e.attributes) })),
            });
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  received.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  received.close = () => new Promise((resolve) => server.close(() => resolve()));
  return received;
}
