/**
 * H4, O6, T5: the relay a Claude Code CLI reaches its model through serves the
 * Messages API of the agent's one endpoint and model, only to requests carrying
 * its session's secret, adds the key itself, counts every answer's usage, asks
 * before each request (a spent budget refuses it), and is no general proxy.
 * Real unix socket and loopback port, real HTTP, the real address-checked fetch.
 */
import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { parseHostRules } from "../../net/address-policy";
import { createGuardedFetch } from "../../net/guarded-fetch";
import { RELAY_PLACEHOLDER_KEY, startModelRelay, type ModelRelay, type ModelRelayOptions } from "./model-relay";
import { startAnthropicScriptServer, type AnthropicScriptServer } from "./testing/anthropic-script-server";

let relay: ModelRelay | null = null;
let server: AnthropicScriptServer | null = null;
afterEach(async () => {
  await relay?.close();
  await server?.close();
  relay = server = null;
});

function viaSocket(socketPath: string, method: string, path: string, body: string | undefined, key: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, method, path, headers: { "content-type": "application/json", "x-api-key": key } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const fetchAllowing = (hosts: string[]) => createGuardedFetch({ allowedHosts: () => parseHostRules(hosts), purpose: "model endpoint", setting: "GATEHOUSE_ALLOWED_MODEL_HOSTS" });
const message = (model = "claude-sonnet-4-5", stream = false) => JSON.stringify({ model, max_tokens: 10, stream, tools: [{ name: "Read" }], messages: [{ role: "user", content: "hi" }] });

async function relayTo(script: AnthropicScriptServer, extra: Partial<ModelRelayOptions> = {}, allowed = [new URL(script.baseUrl).host]) {
  return startModelRelay({ baseUrl: script.baseUrl, apiKey: "sk-real", model: "claude-sonnet-4-5", fetch: fetchAllowing(allowed), listen: { socket: { user: null } }, ...extra });
}

describe("the model relay", () => {
  it("H4: relays the session's Messages requests to the agent's endpoint with the real key in place of the session's secret", async () => {
    server = await startAnthropicScriptServer([{ text: "relayed" }]);
    relay = await relayTo(server);
    const answer = await viaSocket(relay.socketPath!, "POST", "/v1/messages?beta=true", message(), relay.secret);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("relayed");
    expect(server.apiKeys).toEqual(["sk-real"]);
  });

  it("H4, T5: a request without the session's secret, or naming another model, is refused, recorded and not forwarded", async () => {
    server = await startAnthropicScriptServer([{ text: "never" }]);
    const refusals: string[] = [];
    relay = await relayTo(server, { onRefused: (reason) => void refusals.push(reason) });
    for (const key of [RELAY_PLACEHOLDER_KEY, "", `${relay.secret}x`]) {
      expect((await viaSocket(relay.socketPath!, "POST", "/v1/messages", message(), key)).status, key).toBe(401);
    }
    const other = await viaSocket(relay.socketPath!, "POST", "/v1/messages", message("claude-opus-4-1"), relay.secret);
    expect(other.status).toBe(400);
    expect(other.text).toContain("may use only the agent's model claude-sonnet-4-5");
    expect((await viaSocket(relay.socketPath!, "POST", "/v1/messages", "not json", relay.secret)).status).toBe(400);
    expect(server.requests).toHaveLength(0);
    expect(refusals).toHaveLength(5);
    expect(refusals[0]).toMatch(/does not carry this session's secret/);
  });

  it("O6, T5: every answer's usage is counted, streamed or not, and a held budget refuses the next request before it is forwarded", async () => {
    server = await startAnthropicScriptServer([{ text: "one" }, { text: "two" }]);
    const usage: { inputTokens: number; outputTokens: number }[] = [];
    let hold: string | null = null;
    relay = await relayTo(server, { onUsage: (u) => void usage.push(u), beforeRequest: async () => hold });
    expect((await viaSocket(relay.socketPath!, "POST", "/v1/messages", message(), relay.secret)).status).toBe(200);
    expect((await viaSocket(relay.socketPath!, "POST", "/v1/messages", message("claude-sonnet-4-5", true), relay.secret)).status).toBe(200);
    await expect.poll(() => usage.length).toBe(2);
    // The script server reports 12 input and 7 output tokens per answer.
    expect(usage).toEqual([{ inputTokens: 12, outputTokens: 7 }, { inputTokens: 12, outputTokens: 7 }]);
    hold = "the project's budget is reached";
    const held = await viaSocket(relay.socketPath!, "POST", "/v1/messages", message(), relay.secret);
    expect(held.status).toBe(400);
    expect(held.text).toContain("the project's budget is reached");
    expect(server.requests).toHaveLength(2);
  });

  it("H4: anything but the Messages API is refused, so the socket is no general proxy", async () => {
    server = await startAnthropicScriptServer([]);
    relay = await relayTo(server);
    for (const [method, path] of [["GET", "/v1/messages"], ["POST", "/v1/models"], ["POST", "/../../etc/passwd"], ["POST", "http://169.254.169.254/latest"]] as const) {
      const answer = await viaSocket(relay.socketPath!, method, path, method === "POST" ? "{}" : undefined, relay.secret).catch((e: Error) => {
        throw new Error(`${method} ${path}: ${e.message}`);
      });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect(server.requests).toHaveLength(0);
  });

  it("H4: an endpoint on an address the operator did not allow is refused with Gatehouse's reason, not reached", async () => {
    server = await startAnthropicScriptServer([{ text: "never" }]);
    relay = await relayTo(server, {}, []);
    const answer = await viaSocket(relay.socketPath!, "POST", "/v1/messages", message(), relay.secret);
    expect(answer.status).toBe(502);
    expect(answer.text).toMatch(/reachable only where the operator allows it \(GATEHOUSE_ALLOWED_MODEL_HOSTS\)/);
    expect(server.requests).toHaveLength(0);
  });

  it("T5: outside the sandbox the relay listens on loopback and holds requests to the same rules", async () => {
    server = await startAnthropicScriptServer([{ text: "relayed" }]);
    relay = await startModelRelay({ baseUrl: server.baseUrl, apiKey: "sk-real", model: "claude-sonnet-4-5", fetch: fetchAllowing([new URL(server.baseUrl).host]), listen: { loopback: true } });
    const url = `${relay.baseUrl}/v1/messages`;
    const refused = await fetch(url, { method: "POST", headers: { "x-api-key": "guess", "content-type": "application/json" }, body: message() });
    expect(refused.status).toBe(401);
    const ok = await fetch(url, { method: "POST", headers: { "x-api-key": relay.secret, "content-type": "application/json" }, body: message() });
    expect(ok.status).toBe(200);
    expect(server.apiKeys).toEqual(["sk-real"]);
  });
});
