/**
 * H4: the relay a sandboxed Claude Code CLI reaches its model through serves
 * the Messages API of the agent's one endpoint, adds the key itself, and is
 * no general proxy. Real unix socket, real HTTP, the real address-checked fetch.
 */
import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { parseHostRules } from "../../net/address-policy";
import { createGuardedFetch } from "../../net/guarded-fetch";
import { startModelRelay, type ModelRelay } from "./model-relay";
import { startAnthropicScriptServer, type AnthropicScriptServer } from "./testing/anthropic-script-server";

let relay: ModelRelay | null = null;
let server: AnthropicScriptServer | null = null;
afterEach(async () => {
  await relay?.close();
  await server?.close();
  relay = server = null;
});

function viaSocket(socketPath: string, method: string, path: string, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, method, path, headers: { "content-type": "application/json", "x-api-key": "placeholder" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const fetchAllowing = (hosts: string[]) => createGuardedFetch({ allowedHosts: () => parseHostRules(hosts), purpose: "model endpoint", setting: "GATEHOUSE_ALLOWED_MODEL_HOSTS" });
const message = JSON.stringify({ model: "m", max_tokens: 10, tools: [{ name: "Read" }], messages: [{ role: "user", content: "hi" }] });

describe("the model relay", () => {
  it("H4: relays the Messages API to the agent's endpoint with the real key, whatever key the CLI sent", async () => {
    server = await startAnthropicScriptServer([{ text: "relayed" }]);
    relay = await startModelRelay({ baseUrl: server.baseUrl, apiKey: "sk-real", fetch: fetchAllowing([new URL(server.baseUrl).host]), user: null });
    const answer = await viaSocket(relay.socketPath, "POST", "/v1/messages?beta=true", message);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("relayed");
    expect(server.apiKeys).toEqual(["sk-real"]);
  });

  it("H4: anything but the Messages API is refused, so the socket is no general proxy", async () => {
    server = await startAnthropicScriptServer([]);
    relay = await startModelRelay({ baseUrl: server.baseUrl, apiKey: "sk-real", fetch: fetchAllowing([new URL(server.baseUrl).host]), user: null });
    for (const [method, path] of [["GET", "/v1/messages"], ["POST", "/v1/models"], ["POST", "/../../etc/passwd"], ["POST", "http://169.254.169.254/latest"]] as const) {
      const answer = await viaSocket(relay.socketPath, method, path, method === "POST" ? "{}" : undefined).catch((e: Error) => { throw new Error(`${method} ${path}: ${e.message}`); });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect(server.requests).toHaveLength(0);
  });

  it("H4: an endpoint on an address the operator did not allow is refused with Gatehouse's reason, not reached", async () => {
    server = await startAnthropicScriptServer([{ text: "never" }]);
    relay = await startModelRelay({ baseUrl: server.baseUrl, apiKey: "sk-real", fetch: fetchAllowing([]), user: null });
    const answer = await viaSocket(relay.socketPath, "POST", "/v1/messages", message);
    expect(answer.status).toBe(502);
    expect(answer.text).toMatch(/reachable only where the operator allows it \(GATEHOUSE_ALLOWED_MODEL_HOSTS\)/);
    expect(server.requests).toHaveLength(0);
  });
});
