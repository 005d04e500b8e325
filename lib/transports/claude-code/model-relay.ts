import "server-only";
/**
 * H4 for a sandboxed Claude Code CLI: its only way out of the sandbox.
 *
 * The sandbox has its own, empty network namespace (only loopback). Sharing the
 * host's network instead would open every service on the host's loopback and
 * the whole internet to whatever the CLI runs. So the server listens on a unix
 * socket in a folder of its own that is mounted into the sandbox, and a small
 * forwarder inside (model-relay-inside.ts) turns the CLI's loopback
 * connections into connections to that socket. On this side:
 *
 *  - only the Messages API is served (POST /v1/messages and count_tokens);
 *    anything else is a 404, so the socket is no general proxy;
 *  - every request goes to the one operator-configured endpoint of the agent,
 *    through the model fetch that checks the address on every connection;
 *  - the key is added here: the CLI holds a placeholder, so nothing the model
 *    runs inside can read the real key.
 */
import { chmod, chown, mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { SandboxUser } from "../../sandbox/sandbox-user";

export interface ModelRelay {
  /** the folder to mount into the sandbox (read-only is enough to connect) */
  dir: string;
  /** the socket's path, the same inside and outside */
  socketPath: string;
  /** requests the relay forwarded, by path (tests and diagnostics) */
  forwarded: string[];
  close(): Promise<void>;
}

export interface ModelRelayOptions {
  /** the endpoint without a trailing /v1 (the CLI's paths start with /v1) */
  baseUrl: string;
  apiKey: string;
  /** the address-checked fetch for model endpoints (H4) */
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** who may connect: the sandbox's host user (null: the server itself) */
  user: SandboxUser | null;
}

/** The placeholder the CLI is given instead of the key. */
export const RELAY_PLACEHOLDER_KEY = "gatehouse-relay-adds-the-key";

const SERVED_PATHS = new Set(["/v1/messages", "/v1/messages/count_tokens"]);
const REQUEST_HEADERS = ["content-type", "accept", "anthropic-version", "anthropic-beta", "user-agent", "x-app"];
const RESPONSE_HEADERS = ["content-type", "retry-after", "request-id", "x-should-retry"];
const MAX_BODY_BYTES = 32 * 1024 * 1024;

function refuse(res: ServerResponse, status: number, message: string) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ type: "error", error: { type: status === 404 ? "not_found_error" : "invalid_request_error", message } }));
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

export async function startModelRelay(options: ModelRelayOptions): Promise<ModelRelay> {
  const dir = await mkdtemp(path.join(tmpdir(), "gatehouse-relay-"));
  const socketPath = path.join(dir, "model.sock");
  const forwarded: string[] = [];
  const base = options.baseUrl.replace(/\/+$/, "");

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://relay");
    // Read (within the cap) before answering, so a refusal never cuts the sender off mid-body.
    const body = await readBody(req);
    if (req.method !== "POST" || !SERVED_PATHS.has(url.pathname)) return refuse(res, 404, "Gatehouse relays only the Messages API to the agent's model endpoint");
    if (!body) return refuse(res, 413, "request too large");
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
      Readable.fromWeb(upstream.body as never).on("error", () => res.destroy()).pipe(res);
    } catch (error) {
      // The reason is Gatehouse's own (a refused address, a refused connection), never the endpoint's body (H4).
      refuse(res, 502, `Gatehouse could not reach the model endpoint: ${(error as Error).message}`);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  // Only the sandbox's user (and the server) may pass into the folder and connect.
  await chmod(socketPath, 0o600);
  if (options.user) {
    await chown(dir, options.user.uid, options.user.gid);
    await chown(socketPath, options.user.uid, options.user.gid);
  }
  await chmod(dir, 0o700);
  return {
    dir,
    socketPath,
    forwarded,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
