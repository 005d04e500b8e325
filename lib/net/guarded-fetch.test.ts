/**
 * The guarded fetch against real local HTTP servers: the policy holds at
 * connection time (names are resolved, every hop of a redirect is checked) and
 * credentials never follow a redirect to another origin.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { parseHostRules } from "./address-policy";
import { BlockedDestinationError, createGuardedFetch } from "./guarded-fetch";

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A server on every local address ("::" is dual-stack), recording what reaches it. */
async function recorder(answer: (seen: Seen) => { status: number; headers?: Record<string, string>; body?: string } = () => ({ status: 200, body: "ok" })) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const entry = { method: req.method ?? "", url: req.url ?? "", headers: req.headers };
    seen.push(entry);
    req.resume();
    const reply = answer(entry);
    res.writeHead(reply.status, reply.headers);
    res.end(reply.body ?? "");
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "::", resolve));
  return { seen, port: (server.address() as AddressInfo).port };
}

function guarded(rules: string[]) {
  return createGuardedFetch({ allowedHosts: () => parseHostRules(rules), purpose: "test endpoint", setting: "TEST_ALLOWED_HOSTS" });
}

describe("guarded fetch", () => {
  it("H4: loopback in every spelling is refused before a byte is sent, naming the setting", async () => {
    const { seen, port } = await recorder();
    const fetch = guarded([]);
    for (const host of ["127.0.0.1", "localhost", "2130706433", "0x7f.1", "127.1", "[::1]", "[::ffff:127.0.0.1]", "0.0.0.0"]) {
      const error = await fetch(`http://${host}:${port}/`).catch((e: unknown) => e);
      expect(error, host).toBeInstanceOf(BlockedDestinationError);
      expect((error as Error).message).toMatch(/TEST_ALLOWED_HOSTS/);
    }
    expect(seen).toHaveLength(0);
  });

  it("H4: a rule for host:port lets exactly that destination through", async () => {
    const { seen, port } = await recorder();
    const fetch = guarded([`localhost:${port}`]);
    const response = await fetch(`http://localhost:${port}/hello`);
    expect(await response.text()).toBe("ok");
    await expect(fetch(`http://localhost:${port + 1}/`)).rejects.toBeInstanceOf(BlockedDestinationError);
    expect(seen.map((s) => s.url)).toEqual(["/hello"]);
  });

  it("H4: a redirect from an allowed host to a private one is refused at the second hop", async () => {
    const inner = await recorder();
    const outer = await recorder(() => ({ status: 307, headers: { location: `http://127.0.0.1:${inner.port}/secret` } }));
    const fetch = guarded([`localhost:${outer.port}`]);
    const error = await fetch(`http://localhost:${outer.port}/start`, { method: "POST", body: "{}" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlockedDestinationError);
    expect((error as Error).message).toContain(`127.0.0.1:${inner.port} is a loopback address`);
    expect(outer.seen).toHaveLength(1);
    expect(inner.seen).toHaveLength(0);
  });

  it("H4: credentials do not follow a redirect to another origin; a 303 continues as GET", async () => {
    const target = await recorder();
    const origin = await recorder(() => ({ status: 303, headers: { location: `http://127.0.0.1:${target.port}/landing` } }));
    const fetch = guarded([`localhost:${origin.port}`, `127.0.0.1:${target.port}`]);
    const response = await fetch(`http://localhost:${origin.port}/login`, {
      method: "POST",
      headers: { authorization: "Bearer top-secret", "x-api-key": "sk-ant-secret", "content-type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(200);
    expect(origin.seen[0]!.headers).toMatchObject({ authorization: "Bearer top-secret", "x-api-key": "sk-ant-secret" });
    expect(target.seen).toHaveLength(1);
    expect(target.seen[0]).toMatchObject({ method: "GET", url: "/landing" });
    expect(target.seen[0]!.headers.authorization).toBeUndefined();
    expect(target.seen[0]!.headers["x-api-key"]).toBeUndefined();
  });

  it("stops after too many redirects and refuses non-http schemes", async () => {
    const loop = await recorder((seen) => ({ status: 302, headers: { location: `${seen.url}x` } }));
    const fetch = guarded([`localhost:${loop.port}`]);
    await expect(fetch(`http://localhost:${loop.port}/`)).rejects.toThrow(/more than 5 redirects/);
    expect(loop.seen).toHaveLength(6);
    await expect(fetch("file:///etc/passwd")).rejects.toBeInstanceOf(BlockedDestinationError);
  });
});
