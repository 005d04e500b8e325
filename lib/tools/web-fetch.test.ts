/**
 * web_fetch against a real local HTTP server. Loopback is exactly what H4
 * refuses, so the server is reachable only once the operator lists it in
 * GATEHOUSE_ALLOWED_WEB_HOSTS.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { guardCall } from "../modes/guard";
import { profileOf } from "../modes/profiles";
import { materializeSurface } from "../modes/surface";
import { MODES } from "../modes/types";
import { TOOL_SPECS } from "./registry";
import { callTool, outputOf, toolContext } from "./tools.test-support";
import { ToolError } from "./types";
import { webFetchTool } from "./web-fetch";

const servers: Server[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function site(routes: Record<string, { status?: number; type?: string; body?: string; location?: string }>) {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? "");
    const route = routes[req.url ?? ""] ?? { status: 404, body: "missing" };
    res.writeHead(route.status ?? 200, { "content-type": route.type ?? "text/html; charset=utf-8", ...(route.location ? { location: route.location } : {}) });
    res.end(route.body ?? "");
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { hits, port: (server.address() as AddressInfo).port };
}

const html = "<html><head><title>Guide</title><script>evil()</script></head><body><h1>Install</h1><p>Run the installer.</p></body></html>";

describe("web_fetch", () => {
  it("M7: web_fetch is on the surface of every mode, read-only ones included, and the guard lets it run", () => {
    for (const mode of MODES) {
      const surface = materializeSurface(profileOf(mode), TOOL_SPECS, { autonomy: "ask" });
      expect(surface.excluded.get("web_fetch"), mode).toBeUndefined();
      expect(guardCall(surface, "web_fetch").decision, mode).toBe("allow");
    }
  });

  it("M7/H4: a page on a loopback address is refused unless the operator allows it, and no request reaches it", async () => {
    const { hits, port } = await site({ "/": { body: html } });
    const error = await callTool(webFetchTool, { url: `http://127.0.0.1:${port}/` }, toolContext(null, "plan")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as Error).message).toMatch(/loopback address.*GATEHOUSE_ALLOWED_WEB_HOSTS/);
    for (const host of ["localhost", "[::1]", "0.0.0.0", "169.254.169.254", "10.1.2.3", "192.168.0.1"]) {
      const blocked = await callTool(webFetchTool, { url: `http://${host}:${port}/` }, toolContext(null, "review")).catch((e: unknown) => e);
      expect((blocked as Error).message, host).toMatch(/Refused: .*(loopback|link-local|private|unspecified)/);
    }
    expect(hits).toHaveLength(0);
  });

  it("M7: allowed by GATEHOUSE_ALLOWED_WEB_HOSTS, a plan run gets the page's readable text without its scripts", async () => {
    const { port } = await site({ "/guide": { body: html } });
    vi.stubEnv("GATEHOUSE_ALLOWED_WEB_HOSTS", `127.0.0.1:${port}`);
    const out = outputOf(await callTool(webFetchTool, { url: `http://127.0.0.1:${port}/guide` }, toolContext(null, "plan")));
    expect(out).toContain("Title: Guide");
    expect(out).toContain("Install\n\nRun the installer.");
    expect(out).not.toContain("evil");
  });

  it("M7/H4: a redirect from an allowed page to another loopback port is refused at that hop", async () => {
    const inner = await site({ "/secret": { body: "metadata credentials" } });
    const outer = await site({ "/": { status: 302, location: `http://127.0.0.1:${inner.port}/secret` } });
    vi.stubEnv("GATEHOUSE_ALLOWED_WEB_HOSTS", `127.0.0.1:${outer.port}`);
    const error = await callTool(webFetchTool, { url: `http://127.0.0.1:${outer.port}/` }, toolContext(null, "plan")).catch((e: unknown) => e);
    expect((error as Error).message).toContain(`127.0.0.1:${inner.port} is a loopback address`);
    expect(inner.hits).toHaveLength(0);
  });

  it("M7: text is cut at max_chars and binary content is not read", async () => {
    const { port } = await site({
      "/long": { type: "text/plain", body: "x".repeat(5000) },
      "/image": { type: "image/png", body: "\u0089PNG" },
    });
    vi.stubEnv("GATEHOUSE_ALLOWED_WEB_HOSTS", `127.0.0.1:${port}`);
    const out = outputOf(await callTool(webFetchTool, { url: `http://127.0.0.1:${port}/long`, max_chars: 100 }, toolContext(null, "chat")));
    expect(out).toContain(`${"x".repeat(100)}\n\n[text cut at the size limit]`);
    expect(out).not.toContain("x".repeat(101));
    await expect(callTool(webFetchTool, { url: `http://127.0.0.1:${port}/image` }, toolContext(null, "chat"))).rejects.toThrow(/image\/png, which web_fetch does not read/);
    await expect(callTool(webFetchTool, { url: "file:///etc/passwd" }, toolContext(null, "chat"))).rejects.toThrow();
  });
});
