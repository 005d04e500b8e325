/**
 * A real HTTP server for provider tests: it records what the client sent and
 * answers in the provider's own wire format (JSON or server-sent events), so
 * the provider SDKs run unmodified over a socket. Test-only.
 *
 * H4 refuses loopback model endpoints unless the operator allows them, so a
 * test allows exactly its server: `vi.stubEnv("GATEHOUSE_ALLOWED_MODEL_HOSTS", server.host)`.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** parsed JSON body (undefined when empty) */
  body: unknown;
}

export interface SseEvent {
  /** `event:` line (Anthropic names its events; OpenAI does not) */
  event?: string;
  /** serialised with JSON.stringify unless already a string (e.g. "[DONE]") */
  data: unknown;
}

export type Reply =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | {
      sse: SseEvent[];
      /** awaited before the event at that index is written, to hold the stream open mid-way */
      pauses?: Record<number, Promise<unknown>>;
    };

export interface WireServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  /**
   * 127.0.0.1:PORT — what a test puts in GATEHOUSE_ALLOWED_MODEL_HOSTS so that
   * exactly this loopback server is reachable as a model endpoint (H4)
   */
  host: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

async function readBody(req: NodeJS.ReadableStream): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  const text = Buffer.concat(chunks).toString("utf8");
  return text.length > 0 ? JSON.parse(text) : undefined;
}

async function writeSse(res: ServerResponse, reply: Extract<Reply, { sse: SseEvent[] }>): Promise<void> {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  for (const [index, event] of reply.sse.entries()) {
    const pause = reply.pauses?.[index];
    if (pause) await pause;
    const data = typeof event.data === "string" ? event.data : JSON.stringify(event.data);
    res.write(`${event.event ? `event: ${event.event}\n` : ""}data: ${data}\n\n`);
  }
  res.end();
}

export async function startWireServer(
  handler: (request: RecordedRequest, index: number) => Reply,
  /** `listen` "::" takes every local address (IPv6 and IPv4-mapped too); default 127.0.0.1 */
  options: { listen?: string } = {},
): Promise<WireServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const request: RecordedRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: await readBody(req),
      };
      requests.push(request);
      const reply = handler(request, requests.length - 1);
      if ("sse" in reply) return writeSse(res, reply);
      res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
      res.end(reply.json === undefined ? "" : JSON.stringify(reply.json));
    })().catch((error: unknown) => {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: `test server failed: ${String(error)}` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, options.listen ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
