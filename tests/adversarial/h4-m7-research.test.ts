/**
 * H4, M7: a model in a read-only room tries to reach the server's own
 * neighbourhood through web_fetch — loopback in several spellings, the cloud
 * metadata address, a redirect — through the real harness. A real HTTP server
 * listens on loopback and must see nothing.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceRun } from "../../lib/harness/lifecycle/advance-run";
import { harnessFixture } from "../../lib/harness/harness.test-support";

let server: Server;
let port = 0;
const hits: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? "");
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("internal secret");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("H4/M7: research cannot reach the server's network", () => {
  it("H4, M7: web_fetch from a plan run to loopback, metadata and private addresses is refused and nothing is contacted", async () => {
    const urls = [
      `http://127.0.0.1:${port}/a`,
      `http://localhost:${port}/b`,
      `http://[::ffff:127.0.0.1]:${port}/c`,
      `http://2130706433:${port}/d`,
      `http://0.0.0.0:${port}/e`,
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/",
    ];
    const h = harnessFixture({
      mode: "plan",
      worktree: null,
      script: { scenarios: [{ when: "^research", steps: [...urls.map((url) => ({ toolCalls: [{ name: "web_fetch", args: { url } }] })), { text: "No plan is needed here." }] }, { steps: [{ text: "No plan is needed here." }] }] },
      maxSteps: 12,
    });
    h.startRun("run-1", "research the internal service");
    await advanceRun(h.deps, "run-1");
    const calls = [...h.store.calls.values()];
    expect(calls).toHaveLength(urls.length);
    for (const call of calls) {
      expect(call, String(call.args && (call.args as { url: string }).url)).toMatchObject({ tool: "web_fetch", decision: "allow", status: "error" });
      expect(String(call.result)).toMatch(/Refused: .*(loopback|link-local|private|unspecified).*GATEHOUSE_ALLOWED_WEB_HOSTS/);
    }
    expect(hits).toEqual([]);
  });
});
