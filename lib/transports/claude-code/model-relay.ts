import "server-only";
/**
 * H4, O6, T5: a Claude Code session's only way to its model, and it carries
 * only that session.
 *
 * Inside the sandbox the CLI has its own, empty network namespace; the relay
 * listens on a unix socket in a folder of its own that is mounted in, and a
 * forwarder inside (model-relay-inside.ts) carries the CLI's loopback
 * connections to it. Outside the sandbox ("convention") it listens on a
 * loopback port. Either way:
 *
 *  - only the Messages API is served (POST /v1/messages and count_tokens);
 *    anything else is a 404, so it is no general proxy;
 *  - a request must carry the session's secret as its key: a fresh one per
 *    session that the CLI reads once from a pipe (sandboxed-cli.ts), so the
 *    CLI's shell neither inherits it nor can read it where the CLI got it;
 *  - a request must name the agent's configured model, and be JSON of the
 *    Messages API's shape;
 *  - before each request the lifecycle is asked (the budget, T5: a spent
 *    budget refuses the request, and the session ends to park the run);
 *  - every response's usage is read here and counted on the run (and so the
 *    project budget), whatever the CLI reports;
 *  - the real key is added here; the CLI never holds it.
 *
 * A refused request is answered 4xx with Gatehouse's reason, recorded through
 * `onRefused`, and nothing of it is forwarded.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { chmod, chown, mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { z } from "zod";
import type { SandboxUser } from "../../sandbox/sandbox-user";
import { usageCounter, type RelayUsage } from "./relay-usage";

export interface ModelRelay {
  /** the folder to mount into the sandbox (null for a loopback relay) */
  dir: string | null;
  /** the socket's path, the same inside and outside (null for a loopback relay) */
  socketPath: string | null;
  /** the base URL a CLI outside the sandbox is given (null for a socket relay) */
  baseUrl: string | null;
  /** the session's secret, handed to the CLI once (never to its shell) */
  secret: string;
  /** requests the relay forwarded, by path (tests and diagnostics) */
  forwarded: string[];
  /** why each refused request was refused */
  refused: string[];
  close(): Promise<void>;
}

export interface ModelRelayOptions {
  /** the endpoint without a trailing /v1 (the CLI's paths start with /v1) */
  baseUrl: string;
  apiKey: string;
  /** the agent's configured model: the only one a request may name */
  model: string;
  /** the address-checked fetch for model endpoints (H4) */
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** where the CLI reaches it: a unix socket only the sandbox's user may use (null: the server itself), or loopback */
  listen: { socket: { user: SandboxUser | null } } | { loopback: true };
  /** O6, T5: asked before a request is forwarded; a reason refuses it */
  beforeRequest?: () => Promise<string | null>;
  /** O6: the usage of each forwarded Messages request, as the endpoint reported it */
  onUsage?: (usage: RelayUsage) => void | Promise<void>;
  onRefused?: (reason: string) => void | Promise<void>;
}

/** The key the CLI is given when it cannot be handed the secret (never accepted by a relay). */
export const RELAY_PLACEHOLDER_KEY = "gatehouse-relay-adds-the-key";

const MESSAGES = "/v1/messages";
const SERVED_PATHS = new Set([MESSAGES, "/v1/messages/count_tokens"]);
const REQUEST_HEADERS = ["content-type", "accept", "anthropic-version", "anthropic-beta", "user-agent", "x-app"];
const RESPONSE_HEADERS = ["content-type", "retry-after", "request-id", "x-should-retry"];
const MAX_BODY_BYTES = 32 * 1024 * 1024;

/** The Messages API's shape, as much as the relay needs to hold a request to its session. */
const messagesRequest = z.object({ model: z.string(), messages: z.array(z.unknown()) }).passthrough();

function refuse(res: ServerResponse, status: number, message: string) {
  // x-should-retry: false — the CLI must not retry a refusal (it retries 429 and 5xx by itself).
  res.writeHead(status, { "content-type": "application/json", "x-should-retry": "false" });
  res.end(JSON.stringify({ type: "error", error: { type: status === 404 ? "not_found_error" : status === 401 ? "authentication_error" : "invalid_request_error", message } }));
}

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function sameSecret(presented: string | undefined, secret: string): boolean {
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

function presentedKey(req: IncomingMessage): string | undefined {
  const key = req.headers["x-api-key"];
  if (typeof key === "string") return key;
  const auth = req.headers.authorization;
  return typeof auth === "string" && auth.startsWith("Bearer ") ? auth.slice(7) : undefined;
}

export async function startModelRelay(options: ModelRelayOptions): Promise<ModelRelay> {
  const forwarded: string[] = [];
  const refused: string[] = [];
  const secret = randomBytes(32).toString("base64url");
  const base = options.baseUrl.replace(/\/+$/, "");

  const refuseAndRecord = async (res: ServerResponse, status: number, reason: string) => {
    refused.push(reason);
    refuse(res, status, `Refused by Gatehouse: ${reason}`);
    await options.onRefused?.(reason);
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://relay");
    // Read (within the cap) before answering, so a refusal never cuts the sender off mid-body.
    const body = await readBody(req);
    if (req.method !== "POST" || !SERVED_PATHS.has(url.pathname)) return refuseAndRecord(res, 404, `the relay serves only the Messages API of this session's model, not ${req.method} ${url.pathname} [H4]`);
    if (!body) return refuseAndRecord(res, 413, "the request is too large");
    if (!sameSecret(presentedKey(req), secret)) return refuseAndRecord(res, 401, "the request does not carry this session's secret; only the session's own CLI may use its relay [H4, T5]");
    let parsed: z.infer<typeof messagesRequest>;
    try {
      const shape = messagesRequest.safeParse(JSON.parse(body.toString("utf8")));
      if (!shape.success) return refuseAndRecord(res, 400, "the request is not a Messages API request [H4]");
      parsed = shape.data;
    } catch {
      return refuseAndRecord(res, 400, "the request is not JSON [H4]");
    }
    if (parsed.model !== options.model) return refuseAndRecord(res, 400, `the request names model ${JSON.stringify(parsed.model.slice(0, 100))}; this session may use only the agent's model ${options.model} [H4]`);
    const counted = url.pathname === MESSAGES;
    if (counted) {
      const hold = await options.beforeRequest?.();
      if (hold) return refuseAndRecord(res, 400, `${hold} [O6]`);
    }
    const headers: Record<string, string> = { "x-api-key": options.apiKey };
    for (const name of REQUEST_HEADERS) {
      const value = req.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    forwarded.push(url.pathname);
    try {
      const upstream = await options.fetch(`${base}${url.pathname}${url.search}`, { method: "POST", headers, body: new Uint8Array(body) });
      const out: Record<string, string> = {};
      for (const name of RESPONSE_HEADERS) {
        const value = upstream.headers.get(name);
        if (value) out[name] = value;
      }
      res.writeHead(upstream.status, out);
      if (!upstream.body) return res.end();
      const usage = counted && upstream.ok ? usageCounter(upstream.headers.get("content-type") ?? "") : null;
      const tap = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          usage?.add(chunk);
          done(null, chunk);
        },
      });
      Readable.fromWeb(upstream.body as never)
        .on("error", () => res.destroy())
        .pipe(tap)
        .on("end", () => {
          const total = usage?.total();
          if (total && (total.inputTokens > 0 || total.outputTokens > 0)) void Promise.resolve(options.onUsage?.(total)).catch(() => undefined);
        })
        .pipe(res);
    } catch (error) {
      // The reason is Gatehouse's own (a refused address, a refused connection), never the endpoint's body (H4).
      refuse(res, 502, `Gatehouse could not reach the model endpoint: ${(error as Error).message}`);
    }
  });

  if ("loopback" in options.listen) {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    const port = (server.address() as AddressInfo).port;
    return {
      dir: null,
      socketPath: null,
      baseUrl: `http://127.0.0.1:${port}`,
      secret,
      forwarded,
      refused,
      close: () => closeServer(server),
    };
  }

  const dir = await mkdtemp(path.join(tmpdir(), "gatehouse-relay-"));
  const socketPath = path.join(dir, "model.sock");
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  // Only the sandbox's user (and the server) may pass into the folder and connect.
  await chmod(socketPath, 0o600);
  const user = options.listen.socket.user;
  if (user) {
    await chown(dir, user.uid, user.gid);
    await chown(socketPath, user.uid, user.gid);
  }
  await chmod(dir, 0o700);
  return {
    dir,
    socketPath,
    baseUrl: null,
    secret,
    forwarded,
    refused,
    async close() {
      await closeServer(server);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function closeServer(server: ReturnType<typeof createServer>) {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}
